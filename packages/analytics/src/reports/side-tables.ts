import { unreachable } from '@maya/contracts';
// A semantic table's source as a query's FROM: the warehouse table, joined to the side tables
// whose columns the query reads (an organization's cluster columns: one row per distinct tuple of
// the columns their rules read, decision 500). The join is a LEFT JOIN on every key, NULL
// matching NULL, inside a derived table that keeps the source's name, so every other part of the
// statement reads its columns unqualified as before. A query that reads no side column reads the
// table alone.
import type { ColumnType } from '@maya/warehouse/interface';
import { ident, tableRef, type SqlDialect } from '../models/dialect';
import { readSource } from './rollup';
import type { SemanticTable } from './semantic-model';

const SOURCE = 'maya_source';
const SIDE_SUFFIX = '__derived';

/** The side table of a model table's derived columns, beside it in its schema. */
export const sideTableName = (table: string): string => `${table}${SIDE_SUFFIX}`;

/** Whether a table of the model schema is a side table (not a model of its own). */
export const isSideTable = (table: string): boolean => table.endsWith(SIDE_SUFFIX);

const SIDE = 'maya_side';

/**
 * The FROM of a query over `table` that reads the dimensions named `read` (and filters on them)
 * and aggregates `measures`: the table's daily roll-up when the warehouse has it (`rollups`) and
 * it holds all of them (rollup.ts).
 */
export function sourceFrom(
  dialect: SqlDialect,
  table: SemanticTable,
  read: Iterable<string>,
  rollup: { measures: readonly string[]; rollups: ReadonlySet<string> | null | undefined } | null = null,
): string {
  const { schema, table: name } = table.source;
  const dimensions = [...read];
  if (rollup !== null) {
    const chosen = readSource(table, { dimensions, measures: rollup.measures }, rollup.rollups);
    if (chosen.table !== name) return tableRef(dialect, chosen.schema, chosen.table);
  }
  const plain = tableRef(dialect, schema, name);
  const wanted = new Set(
    dimensions.flatMap((field) => {
      const dim = table.dimensions.find((d) => d.name === field);
      return dim !== undefined && 'column' in dim.sql ? [dim.sql.column] : [];
    }),
  );
  const joined = (table.sideTables ?? []).filter((side) => side.columns.some((c) => wanted.has(c)));
  if (joined.length === 0) return plain;
  const q = (column: string) => ident(dialect, column);
  const columns: string[] = [];
  const joins = joined.map((side, index) => {
    const alias = `${SIDE}_${String(index)}`;
    columns.push(...side.columns.map((column) => `${alias}.${q(column)}`));
    const on = side.keys.map((key) =>
      sameKey(dialect, `${SOURCE}.${q(key.column)}`, `${alias}.${q(key.column)}`, key.type),
    );
    return ` LEFT JOIN ${tableRef(dialect, schema, side.table)} AS ${alias} ON ${on.length > 0 ? on.join(' AND ') : 'TRUE'}`;
  });
  return `(SELECT ${SOURCE}.*, ${columns.join(', ')} FROM ${plain} AS ${SOURCE}${joins.join('')}) AS ${q(name)}`;
}

/**
 * Null-safe equality of a key in each engine's form that still joins by hash: DuckDB's
 * `IS NOT DISTINCT FROM`, Databricks' `<=>`; PostgreSQL (which cannot hash-join on `IS NOT
 * DISTINCT FROM`) and BigQuery (whose outer joins want an equality) compare the key coalesced to
 * its type's empty value and, apart, whether it is NULL: both plain equalities.
 */
export function sameKey(dialect: SqlDialect, left: string, right: string, type: ColumnType): string {
  switch (dialect) {
    case 'duckdb':
      return `${left} IS NOT DISTINCT FROM ${right}`;
    case 'databricks':
      return `${left} <=> ${right}`;
    case 'postgres':
    case 'bigquery': {
      const empty = emptyValue(type);
      const text =
        type === 'json'
          ? (side: string) => `CAST(${side} AS ${dialect === 'postgres' ? 'TEXT' : 'STRING'})`
          : (side: string) => side;
      return (
        `COALESCE(${text(left)}, ${empty}) = COALESCE(${text(right)}, ${empty})` +
        ` AND (${left} IS NULL) = (${right} IS NULL)`
      );
    }
    default:
      return unreachable(dialect);
  }
}

function emptyValue(type: ColumnType): string {
  switch (type) {
    case 'string':
    case 'json':
      return "''";
    case 'integer':
    case 'bigint':
    case 'double':
    case 'decimal':
      return '0';
    case 'boolean':
      return 'FALSE';
    case 'date':
      return "DATE '1970-01-01'";
    case 'timestamp':
      return "TIMESTAMP '1970-01-01 00:00:00'";
    default:
      return unreachable(type);
  }
}
