import type { ClusterColumn as DomainColumn, ClusterField as DomainField } from '@maya/analytics';
import {
  WORD_GROUP_OPERATORS,
  type ClusterColumn,
  type ClusterField,
  type ClusterRuleSet,
} from '@maya/contracts';
import { clusterField } from './categories';
import type { ColumnRow } from './repository';

/** An earlier cluster column as a field of the columns after it: text, named by its db_name. */
export const columnAsField = (row: Pick<ColumnRow, 'id' | 'name' | 'dbName'>): ClusterField =>
  clusterField(row.dbName, row.name, 'other', row.id);

/** The fields a column at `index` of `rows` may read: the category's, then the columns before it. */
export function fieldsAt(
  base: readonly ClusterField[],
  rows: readonly ColumnRow[],
  index: number,
): ClusterField[] {
  return [...base, ...rows.slice(0, index).map(columnAsField)];
}

export function toColumn(row: ColumnRow, fields: ClusterField[]): ClusterColumn {
  return {
    id: row.id,
    name: row.name,
    db_name: row.dbName,
    is_fixed: row.isFixed,
    is_placeholder: row.isPlaceholder,
    values: row.ruleSets,
    fields,
    position: row.position,
  };
}

/** The category's columns in order, each with the fields it may read. */
export const presentColumns = (base: readonly ClusterField[], rows: readonly ColumnRow[]): ClusterColumn[] =>
  rows.map((row, index) => toColumn(row, fieldsAt(base, rows, index)));

/**
 * Rule sets as stored: the client's row keys dropped, the first rule without a condition (spec 001
 * §4 "deleting the first rule removes the condition"), the later ones 'and' unless 'or'.
 */
export function normalizedRuleSets(ruleSets: readonly ClusterRuleSet[]): ClusterRuleSet[] {
  return ruleSets.map((ruleSet) => ({
    id: ruleSet.id,
    name: ruleSet.name,
    rules: ruleSet.rules.map((rule, index) => ({
      field: rule.field,
      operator: rule.operator,
      value: rule.value,
      ...(index === 0 ? {} : { condition: rule.condition === 'or' ? ('or' as const) : ('and' as const) }),
    })),
  }));
}

/** The db_names of earlier columns a column's rules read. */
export function columnsRead(ruleSets: readonly ClusterRuleSet[], dbNames: ReadonlySet<string>): Set<string> {
  return new Set(
    ruleSets.flatMap((set) => set.rules.map((rule) => rule.field)).filter((f) => dbNames.has(f)),
  );
}

/** The word groups a column's rules read. */
export function wordGroupsRead(ruleSets: readonly ClusterRuleSet[]): Set<string> {
  return new Set(
    ruleSets.flatMap((set) =>
      set.rules.filter((rule) => WORD_GROUP_OPERATORS.includes(rule.operator)).map((rule) => rule.value),
    ),
  );
}

/** A field as the rule compiler reads it. */
export const domainField = (field: ClusterField): DomainField => ({
  id: field.id,
  column: field.id,
  type: field.type,
  name: field.name,
});

/** A column as the rule compiler reads it. */
export const domainColumn = (column: {
  id: string;
  name: string;
  dbName: string;
  ruleSets: readonly ClusterRuleSet[];
}): DomainColumn => ({
  id: column.id,
  name: column.name,
  dbName: column.dbName,
  ruleSets: column.ruleSets.map((set) => ({
    id: set.id,
    name: set.name,
    rules: set.rules.map((r) => ({ ...r })),
  })),
});
