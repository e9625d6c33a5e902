import { unreachable } from '@maya/contracts';
import { randomBytes } from 'node:crypto';
import { WarehouseError } from './errors';
import { assertIdentifier } from './identifiers';
import { planTableChange, tableSchemaFrom } from './table-schema';
import type {
  Column,
  ColumnInfo,
  ColumnType,
  QueryParams,
  Row,
  RowCondition,
  TableSchema,
} from './warehouse';

/**
 * SQL shared by the two engines that quote identifiers with backticks (BigQuery, Databricks):
 * quoting, placeholder binding, the `except` filter of a stage, and the statements of a load
 * (a load table of text columns merged into the target by primary key). Each dialect module
 * passes its own spelling of parameters and casts.
 */

/** Validates one identifier and quotes it with backticks (a valid name needs no escaping). */
export function backtick(name: string, what?: string): string {
  return `\`${assertIdentifier(name, what)}\``;
}

/** Load tables are named with this prefix and left out of `listTables`. */
export const LOAD_TABLE_PREFIX = '__maya_load_';
/** The load table's column numbering the rows, so that the last row of a key wins. */
export const ORDER_COLUMN = '__maya_order';

export function loadTableName(): string {
  return `${LOAD_TABLE_PREFIX}${randomBytes(8).toString('hex')}`;
}

export type PlaceholderStyle = {
  /** How the engine spells a named parameter: `@name` (BigQuery), `:name` (Databricks). */
  marker: (name: string) => string;
  /** `#` starts a comment (BigQuery). */
  hashComments: boolean;
  /** `'''...'''` and `"""..."""` are string literals (BigQuery). */
  tripleQuotes: boolean;
};

/** The name a positional value `$n` is bound under. */
export function positionalName(index: number): string {
  return `p${index}`;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const DIGITS = /^\d+/;

/**
 * Rewrites the product's placeholders (`$1` or `$name`, outside literals, quoted identifiers and
 * comments) into the engine's named parameters: `$1` becomes `p1`, `$name` stays `name`. Every
 * placeholder needs a value and every value a placeholder; anything else is `invalid_parameter`.
 * Returns the statement and the values by parameter name, in order of first use.
 */
export function bindPlaceholders(
  sql: string,
  params: QueryParams,
  style: PlaceholderStyle,
): { text: string; values: [string, unknown][] } {
  const positional = Array.isArray(params);
  if (!positional && (typeof params !== 'object' || params === null)) {
    throw invalidParameter('parameters must be an array or an object');
  }
  const used = new Map<string, unknown>();
  let text = '';
  let i = 0;
  while (i < sql.length) {
    const skip = skippedSpan(sql, i, style);
    if (skip > i) {
      text += sql.slice(i, skip);
      i = skip;
      continue;
    }
    const afterWord = i > 0 && /[A-Za-z0-9_$@:]/.test(sql.charAt(i - 1));
    if (sql[i] !== '$' || afterWord) {
      text += sql[i];
      i += 1;
      continue;
    }
    const rest = sql.slice(i + 1);
    const digits = DIGITS.exec(rest)?.[0];
    const name = digits === undefined ? NAME.exec(rest)?.[0] : undefined;
    if (digits === undefined && name === undefined) {
      text += sql[i];
      i += 1;
      continue;
    }
    const key = lookUp(params, digits, name);
    if (!used.has(key.name)) used.set(key.name, key.value);
    text += style.marker(key.name);
    i += 1 + (digits ?? name ?? '').length;
  }
  const expected = positional ? params.map((_, n) => positionalName(n + 1)) : Object.keys(params);
  const unused = expected.filter((name) => !used.has(name));
  if (unused.length > 0) {
    throw invalidParameter(`parameters not used by the statement: ${unused.join(', ')}`);
  }
  return { text, values: [...used.entries()] };
}

function lookUp(
  params: QueryParams,
  digits: string | undefined,
  name: string | undefined,
): { name: string; value: unknown } {
  if (Array.isArray(params)) {
    if (digits === undefined) throw invalidParameter(`$${name ?? ''} is named but the values are positional`);
    const index = Number(digits);
    if (index < 1 || index > params.length) {
      throw invalidParameter(`no value for parameter $${digits} (${params.length} given)`);
    }
    return { name: positionalName(index), value: params[index - 1] };
  }
  if (name === undefined) throw invalidParameter(`$${digits ?? ''} is positional but the values are named`);
  if (!Object.hasOwn(params, name)) throw invalidParameter(`no value for parameter $${name}`);
  return { name, value: params[name] };
}

/** The end of a literal, quoted identifier or comment starting at i (i itself when none). */
function skippedSpan(sql: string, i: number, style: PlaceholderStyle): number {
  const ch = sql.charAt(i);
  if (style.tripleQuotes && (sql.startsWith("'''", i) || sql.startsWith('"""', i))) {
    const end = sql.indexOf(ch.repeat(3), i + 3);
    return end === -1 ? sql.length : end + 3;
  }
  if (ch === "'" || ch === '"' || ch === '`') return closing(sql, i + 1, ch);
  if (sql.startsWith('--', i) || (style.hashComments && ch === '#')) {
    const end = sql.indexOf('\n', i);
    return end === -1 ? sql.length : end + 1;
  }
  if (sql.startsWith('/*', i)) {
    const end = sql.indexOf('*/', i + 2);
    return end === -1 ? sql.length : end + 2;
  }
  return i;
}

/** Both engines escape with a backslash inside quotes; a doubled quote also stays inside. */
function closing(sql: string, from: number, quote: string): number {
  let j = from;
  while (j < sql.length) {
    const ch = sql[j];
    if (ch === '\\') {
      j += 2;
    } else if (ch === quote) {
      if (sql[j + 1] !== quote) return j + 1;
      j += 2;
    } else {
      j += 1;
    }
  }
  return sql.length;
}

export type Cast = (expression: string, type: ColumnType) => string;

/**
 * The engine's cast of text (a load table's column, a bound text parameter) to a column's type:
 * text stays as it is, JSON is parsed by `parseJson`, anything else is a CAST to `sqlType`.
 */
export function castFromText(
  sqlType: (type: ColumnType) => string,
  parseJson: (expression: string) => string,
): Cast {
  return (expression, type) => {
    switch (type) {
      case 'string':
        return expression;
      case 'json':
        return parseJson(expression);
      case 'integer':
      case 'bigint':
      case 'double':
      case 'decimal':
      case 'boolean':
      case 'date':
      case 'timestamp':
        return `CAST(${expression} AS ${sqlType(type)})`;
      default:
        return unreachable(type);
    }
  };
}

/**
 * The filter of a stage: ` WHERE (c1 AND c2) IS NOT TRUE`, leaving out the live rows matching
 * every condition (`IS NOT TRUE` keeps rows whose condition is NULL). Values are bound as text
 * under `marker(n)` and cast to the column's type; empty when there are no conditions.
 */
export function exceptFilter(
  live: TableSchema,
  except: readonly RowCondition[],
  marker: (index: number) => string,
  cast: Cast,
): { where: string; values: string[] } {
  const values: string[] = [];
  const bind = (value: unknown, type: ColumnType): string => {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw invalidParameter('a stage condition needs a string, number or boolean');
    }
    values.push(String(value));
    return cast(marker(values.length), type);
  };
  const conditions = except.map((condition) => {
    const column = live.columns.find((c) => c.name === condition.column);
    if (!column) {
      throw new WarehouseError(
        'schema_mismatch',
        `"${String(condition.column)}" is not a column of table "${live.name}"`,
      );
    }
    const name = backtick(column.name);
    return 'equals' in condition
      ? `${name} = ${bind(condition.equals, column.type)}`
      : `${name} BETWEEN ${bind(condition.from, column.type)} AND ${bind(condition.to, column.type)}`;
  });
  const where = conditions.length > 0 ? ` WHERE (${conditions.join(' AND ')}) IS NOT TRUE` : '';
  return { where, values };
}

/** How an engine spells the parts of a table's DDL. */
export type TableDdl = {
  /** The parenthesised column list with the primary key. */
  definition: (table: TableSchema) => string;
  /** The clause of an ALTER TABLE adding these columns. */
  addColumns: (columns: readonly Column[]) => string;
  /**
   * The statements turning whole-number columns into `double` (`widens`, table-schema.ts), each
   * engine its own way, atomically; `table` is the table's definition once they are.
   */
  widenColumns: (name: string, table: TableSchema, columns: readonly Column[]) => string[];
};

/**
 * The DDL that brings table `name` to its declared definition: none, a CREATE TABLE, or one
 * ALTER TABLE adding the declared nullable columns it lacks and the engine's widening of
 * whole-number columns declared `double` (a `schema_mismatch` otherwise).
 */
export function tableChangeStatements(
  name: string,
  declared: TableSchema,
  existing: TableSchema | null,
  ddl: TableDdl,
): string[] {
  const change = planTableChange(declared, existing);
  switch (change.kind) {
    case 'none':
      return [];
    case 'create':
      return [`CREATE TABLE ${name} ${ddl.definition(declared)}`];
    case 'alter':
      return [
        ...(change.add.length > 0 ? [`ALTER TABLE ${name} ${ddl.addColumns(change.add)}`] : []),
        ...(change.widen.length > 0 && existing
          ? ddl.widenColumns(name, widenedTable(existing, change.add, change.widen), change.widen)
          : []),
      ];
    default:
      return change satisfies never;
  }
}

/** `existing` with the columns added and the widened ones of their new type. */
function widenedTable(existing: TableSchema, add: readonly Column[], widen: readonly Column[]): TableSchema {
  const widened = new Map(widen.map((c) => [c.name, c]));
  return {
    ...existing,
    columns: [...existing.columns.map((c) => ({ ...c, type: widened.get(c.name)?.type ?? c.type })), ...add],
  };
}

/**
 * A table's definition from the rows describing its columns in order (`column_name`, and
 * `key_position`, the place in the primary key or null) and those columns; null when none.
 */
export function describedTable(
  name: string,
  rows: readonly Row[],
  columns: readonly ColumnInfo[],
): TableSchema | null {
  const primaryKey = rows
    .filter((r) => r.key_position !== null && r.key_position !== undefined)
    .sort((a, b) => Number(a.key_position) - Number(b.key_position))
    .map((r) => String(r.column_name));
  return tableSchemaFrom(
    name,
    columns.map(({ name: n, type, nullable }) => ({ name: n, type, nullable })),
    primaryKey,
  );
}

/**
 * Upserts the load table's rows into the target by primary key in one statement: each key's
 * row with the highest order number wins, cast from text to the column's type.
 */
export function mergeStatement(target: string, load: string, table: TableSchema, cast: Cast): string {
  const names = table.columns.map((c) => backtick(c.name));
  const keys = table.primaryKey.map((k) => backtick(k));
  const order = backtick(ORDER_COLUMN);
  const typed = table.columns.map((c, i) => `${cast(names[i] ?? '', c.type)} AS ${names[i] ?? ''}`);
  const keySet = new Set(table.primaryKey);
  const updates = table.columns
    .filter((c) => !keySet.has(c.name))
    .map((c) => `${backtick(c.name)} = source.${backtick(c.name)}`);
  const matched = updates.length > 0 ? ` WHEN MATCHED THEN UPDATE SET ${updates.join(', ')}` : '';
  return (
    `MERGE INTO ${target} AS target USING (` +
    `SELECT ${names.join(', ')} FROM (SELECT ${typed.join(', ')}, ${order} FROM ${load}) AS typed ` +
    `WHERE TRUE QUALIFY ROW_NUMBER() OVER (PARTITION BY ${keys.join(', ')} ORDER BY ${order} DESC) = 1` +
    `) AS source ON ${keys.map((k) => `target.${k} = source.${k}`).join(' AND ')}` +
    `${matched} WHEN NOT MATCHED THEN INSERT (${names.join(', ')}) ` +
    `VALUES (${names.map((n) => `source.${n}`).join(', ')})`
  );
}

/**
 * Fills a staged table from a query, the query's columns taken by name and cast to the declared
 * types, JSON taken as it is (`INSERT INTO staged (columns) SELECT ...`).
 */
export function insertSelectStatement(
  target: string,
  table: TableSchema,
  selectSql: string,
  sqlType: (type: ColumnType) => string,
): string {
  const names = table.columns.map((c) => backtick(c.name));
  const projected = table.columns.map((c, i) => {
    const value = `q.${names[i] ?? ''}`;
    return `${c.type === 'json' ? value : `CAST(${value} AS ${sqlType(c.type)})`} AS ${names[i] ?? ''}`;
  });
  return `INSERT INTO ${target} (${names.join(', ')}) SELECT ${projected.join(', ')} FROM (${selectSql}\n) AS q`;
}

/** A query returning how many primary-key values occur more than once (0 when the key holds). */
export function duplicateKeysStatement(target: string, table: TableSchema): string {
  const keys = table.primaryKey.map((k) => backtick(k)).join(', ');
  return `SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM ${target} GROUP BY ${keys} HAVING COUNT(*) > 1) AS d`;
}

/** `SELECT COUNT(*) AS n FROM target`. */
export function countStatement(target: string): string {
  return `SELECT COUNT(*) AS n FROM ${target}`;
}

/** The trailing semicolons and blanks a statement may end with (an embedded query cannot). */
export function withoutTrailingSemicolons(sql: string): string {
  return sql.replace(/[\s;]+$/, '');
}

function invalidParameter(message: string): WarehouseError {
  return new WarehouseError('invalid_parameter', message);
}
