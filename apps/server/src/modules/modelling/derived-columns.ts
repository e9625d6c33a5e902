// The extension point through which other modules add columns to an organization's model tables
// (clusters now; custom tables and expenses later): each contributes a SQL expression over a
// model table's columns, which every rebuild computes into the table's side table (one row per
// distinct tuple of the columns they read, decision 500) after building the table.
import { ident, sideTableName, tableRef } from '@maya/analytics';
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
/** The side table's own key: some key columns may be NULL, which no primary key takes. */
const ROW_KEY = 'maya_row';
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
  const taken = new Set([ROW_KEY, ...table.columns.map((c) => c.name)]);
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

export type SideTableBuild = {
  /** The table's own columns the derived columns read: the side table's key. */
  keys: string[];
  /** The side table: the row key, the keys (their types, nullable), the derived columns (text). */
  table: TableSchema;
  /** Its rows: the columns over each distinct tuple of the keys. Parameters are `$1...`. */
  sql: string;
  params: unknown[];
};

/**
 * The side table of `table`'s derived columns (decision 500): one row per distinct tuple of the
 * table's own columns they read (`SELECT DISTINCT <keys>`), each column over what came before,
 * in order, so a later column reads earlier ones. A table of 10 million rows holds some 50,000
 * distinct ad groups; a column of 50 rule sets then runs its CASE 50,000 times, and the table's
 * rows are never written. Columns that read none of the table's columns give one row.
 */
export function sideTableBuild(
  dialect: WarehouseEngine,
  schema: string,
  table: TableSchema,
  columns: readonly DerivedColumn[],
): SideTableBuild {
  const own = new Map(table.columns.map((c) => [c.name, c]));
  const keys = [...new Set(columns.flatMap((c) => c.reads).filter((name) => own.has(name)))];
  const distinct =
    keys.length === 0
      ? `SELECT 1 AS ${ident(dialect, NO_KEY)}`
      : `SELECT DISTINCT ${keys.map((k) => ident(dialect, k)).join(', ')} FROM ${tableRef(dialect, schema, table.name)}`;
  const derived = derivedSelectOver(dialect, distinct, columns);
  const select = [
    `ROW_NUMBER() OVER () AS ${ident(dialect, ROW_KEY)}`,
    ...keys.map((k) => `${INPUT}.${ident(dialect, k)}`),
    ...columns.map((c) => `${INPUT}.${ident(dialect, c.column)}`),
  ];
  const keyColumns = keys.flatMap((k): Column[] => {
    const column = own.get(k);
    return column === undefined ? [] : [{ ...column, nullable: true }];
  });
  const added: Column[] = columns.map((c) => ({ name: c.column, type: 'string', nullable: true }));
  return {
    keys,
    table: {
      name: sideTableName(table.name),
      columns: [{ name: ROW_KEY, type: 'bigint', nullable: false }, ...keyColumns, ...added],
      primaryKey: [ROW_KEY],
    },
    sql: `SELECT ${select.join(', ')} FROM (\n${derived.sql}\n) AS ${INPUT}`,
    params: derived.params,
  };
}
