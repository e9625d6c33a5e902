// The extension point through which other modules add columns to an organization's model tables
// (clusters now; custom tables and expenses later): each contributes a SQL expression over a
// model table's columns, which every rebuild materializes into that table after building it.
import { ident, tableRef } from '@maya/analytics';
import { IDENTIFIER_PATTERN, type Column, type TableSchema, type WarehouseEngine } from '@maya/warehouse';

export type DerivedColumn = {
  table: string; // model table in the analytics schema, e.g. 'ad_group_performance'
  column: string; // physical column name (the cluster's db_name)
  label: string; // what reports show
  /** The columns the expression reads: the table's own, or earlier derived columns. */
  reads: readonly string[];
  /** SQL expression over the table's columns (and earlier derived columns), `$n` params from `offset`+1. */
  expression(
    dialect: 'duckdb' | 'postgres' | 'bigquery' | 'databricks',
    offset: number,
  ): { sql: string; params: unknown[] };
};
export type DerivedColumnSource = (organizationId: string) => Promise<DerivedColumn[]>;

/** Why a derived column was not applied: its table's own columns or a bad name come first. */
export type RefusedColumn = { table: string; column: string; reason: string };

/** Alias of each step's input in the derived select (`SELECT t.*, <expr> AS <column> FROM t`). */
const INPUT = 't';
/** The lookup's one row when the columns read none of the table's own columns. */
const NO_KEY = '__maya_no_key';

/**
 * The columns of one table in order, without those that cannot be applied: a name that is no
 * identifier, a table's own column, or a name given twice (the first stays).
 */
export function acceptedColumns(
  table: TableSchema,
  columns: readonly DerivedColumn[],
): { accepted: DerivedColumn[]; refused: RefusedColumn[] } {
  const taken = new Set(table.columns.map((c) => c.name));
  const accepted: DerivedColumn[] = [];
  const refused: RefusedColumn[] = [];
  for (const derived of columns) {
    const refuse = (reason: string) => refused.push({ table: table.name, column: derived.column, reason });
    if (!IDENTIFIER_PATTERN.test(derived.column)) refuse('the column name is not an identifier');
    else if (taken.has(derived.column)) refuse(`${table.name} already has a column ${derived.column}`);
    else {
      taken.add(derived.column);
      accepted.push(derived);
    }
  }
  return { accepted, refused };
}

/** The table with its derived columns after its own: nullable text, as a cluster's labels are. */
export function derivedTable(table: TableSchema, columns: readonly DerivedColumn[]): TableSchema {
  const added: Column[] = columns.map((c) => ({ name: c.column, type: 'string', nullable: true }));
  return { ...table, columns: [...table.columns, ...added] };
}

/**
 * The select that rebuilds `table` of `schema` with its derived columns: the table's own columns,
 * then each derived column over what came before, in order, so a later column reads earlier
 * ones. Parameters are numbered `$1...` across the expressions.
 */
export function derivedSelect(
  dialect: WarehouseEngine,
  schema: string,
  table: TableSchema,
  columns: readonly DerivedColumn[],
): { sql: string; params: unknown[] } {
  const own = table.columns.map((c) => ident(dialect, c.name)).join(', ');
  return derivedSelectOver(dialect, `SELECT ${own} FROM ${tableRef(dialect, schema, table.name)}`, columns);
}

/**
 * The derived columns over the rows of `select` (a model's own select, or its table's): each
 * one over what came before, in order. `select` has no parameters; theirs are `$1...`.
 */
export function derivedSelectOver(
  dialect: WarehouseEngine,
  select: string,
  columns: readonly DerivedColumn[],
): { sql: string; params: unknown[] } {
  let sql = select;
  const params: unknown[] = [];
  for (const derived of columns) {
    const expression = derived.expression(dialect, params.length);
    sql = `SELECT ${INPUT}.*, (${expression.sql}) AS ${ident(dialect, derived.column)} FROM (\n${sql}\n) AS ${INPUT}`;
    params.push(...expression.params);
  }
  return { sql, params };
}

/**
 * The derived columns of `table` once per distinct combination of the table's own columns they
 * read (the `keys`), not once per row (decision 400): `SELECT DISTINCT <keys>`, then each column
 * over what came before, in order. A table of 10 million rows holds some 50,000 distinct ad
 * groups; a column of 50 rule sets then runs its CASE 50,000 times. Parameters are `$1...`.
 */
export function derivedLookup(
  dialect: WarehouseEngine,
  schema: string,
  table: TableSchema,
  columns: readonly DerivedColumn[],
): { keys: string[]; sql: string; params: unknown[] } {
  const own = new Set(table.columns.map((c) => c.name));
  const keys = [...new Set(columns.flatMap((c) => c.reads).filter((name) => own.has(name)))];
  const distinct =
    keys.length === 0
      ? `SELECT 1 AS ${ident(dialect, NO_KEY)}`
      : `SELECT DISTINCT ${keys.map((k) => ident(dialect, k)).join(', ')} FROM ${tableRef(dialect, schema, table.name)}`;
  return { keys, ...derivedSelectOver(dialect, distinct, columns) };
}
