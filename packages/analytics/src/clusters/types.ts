// The domain of cluster columns (spec 001, Clusters and Word groups): a column is an ordered list
// of rule sets, each a "then" value and its rules; the first rule set whose rules hold gives the
// row its value, and a row no rule set matches has none (NULL). The clusters API maps its zod
// contracts onto these types; the compiler (compile.ts) and the reference evaluator
// (evaluate.ts) read them with one meaning (rules.ts).
import type { SqlDialect } from '../models/dialect';

/** Operators of text fields (type `other`), as keys on the wire. */
export type TextOperator =
  | 'equals'
  | 'not_equals'
  | 'contains'
  | 'not_contains'
  | 'starts_with'
  | 'ends_with'
  | 'matches'
  | 'not_matches'
  | 'matches_wordgroup'
  | 'not_matches_wordgroup'
  | 'is_empty';

/** Operators of numeric and money fields: =, ≠, <, ≤, >, ≥. */
export type NumericOperator = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte';

export type RuleOperator = TextOperator | NumericOperator;

/** An operator as a field offers it: its key and the label the editor shows. */
export type OperatorOption<K extends RuleOperator = RuleOperator> = { key: K; value: string };

export const TEXT_OPERATORS: readonly OperatorOption<TextOperator>[] = [
  { key: 'equals', value: 'equals' },
  { key: 'not_equals', value: 'not equals' },
  { key: 'contains', value: 'contains' },
  { key: 'not_contains', value: 'not contains' },
  { key: 'starts_with', value: 'starts with' },
  { key: 'ends_with', value: 'ends with' },
  { key: 'matches', value: 'matches (regex)' },
  { key: 'not_matches', value: 'not matches (regex)' },
  { key: 'matches_wordgroup', value: 'matches word group' },
  { key: 'not_matches_wordgroup', value: 'not matches word group' },
  { key: 'is_empty', value: 'is empty' },
];

export const NUMERIC_OPERATORS: readonly OperatorOption<NumericOperator>[] = [
  { key: 'eq', value: '=' },
  { key: 'ne', value: '≠' },
  { key: 'lt', value: '<' },
  { key: 'lte', value: '≤' },
  { key: 'gt', value: '>' },
  { key: 'gte', value: '≥' },
];

/**
 * How a field's values are read: `numeric` a number, `money` an amount in millionths of the
 * row's currency (the models' `*_micros` columns) compared with values typed in whole currency
 * units, `other` text (any other type is compared as its text).
 */
export type FieldType = 'numeric' | 'money' | 'other';

/** The operators a field of this type offers, first one the default. */
export function operatorsFor(type: FieldType): readonly OperatorOption[] {
  return type === 'other' ? TEXT_OPERATORS : NUMERIC_OPERATORS;
}

/**
 * A field rules may read: `column` is a physical column of the category's table, or the
 * `dbName` of an earlier cluster column of the same category.
 */
export type ClusterField = { id: string; column: string; type: FieldType; name?: string };

export type RuleCondition = 'and' | 'or';

/**
 * One rule: `field` is a field id, `value` the text typed (for a word-group operator, the word
 * group's id; ignored by `is_empty`). `condition` joins it to the rules before it; the first
 * rule has none.
 */
export type ClusterRule = {
  field: string;
  operator: RuleOperator;
  value: string;
  condition?: RuleCondition | null;
};

/** A rule set: `name` is the "then" value rows get when its rules hold. */
export type ClusterRuleSet = { id: string; name: string; rules: ClusterRule[] };

/** A cluster column: its rule sets in order, the first that matches wins. */
export type ClusterColumn = { id: string; name: string; dbName: string; ruleSets: ClusterRuleSet[] };

/** A word group: it matches a text when any term does and no exclude term does. */
export type WordGroup = { id: string; name: string; terms: string[]; excludeTerms: string[] };

/** What a column's rules refer to: the category's fields and the organization's word groups. */
export type ClusterContext = { fields: readonly ClusterField[]; wordGroups: readonly WordGroup[] };

export type CompileOptions = ClusterContext & {
  dialect: SqlDialect;
  /** Placeholders are numbered from `offset + 1`: `$${offset + 1}`, ... */
  offset: number;
  /**
   * The SQL of a field's column; by default the quoted identifier. A caller compiling inside a
   * join or over earlier cluster columns' expressions passes its own (the identifier is checked
   * first either way).
   */
  columnSql?: (column: string) => string;
};

/** SQL with `$n` placeholders and the values they bind (the report compiler's shape). */
export type { CompiledSql } from '../reports/report-sql';
