// The SQL preview (spec 001 §7 "SQL preview"): the column's CASE as a reader sees it, values
// written inline as string and number literals. For showing only: what runs is always the
// compiled SQL with bound parameters.
import { ident, type SqlDialect } from '../models/dialect';
import { compileClusterColumn } from './compile';
import type { ClusterColumn, ClusterContext } from './types';

/**
 * `CASE ... END AS "db_name"`, or null when there is not enough to show (no name, or no rule
 * set with a rule): the API answers 'Not enough data for the sql preview.'.
 */
export function clusterSqlPreview(
  column: ClusterColumn,
  context: ClusterContext & { dialect: SqlDialect },
): string | null {
  if (column.name.trim() === '' || !column.ruleSets.some((r) => r.rules.length > 0)) return null;
  const { sql, params } = compileClusterColumn(column, { ...context, offset: 0 });
  const inline = sql.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1], context.dialect));
  return `${inline} AS ${ident(context.dialect, column.dbName)}`;
}

function literal(value: unknown, dialect: SqlDialect): string {
  if (typeof value === 'number') return String(value);
  const text = String(value);
  // BigQuery and Databricks read backslash escapes inside quotes; PostgreSQL and DuckDB do not.
  const escaped =
    dialect === 'bigquery' || dialect === 'databricks'
      ? text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")
      : text.replaceAll("'", "''");
  return `'${escaped}'`;
}
