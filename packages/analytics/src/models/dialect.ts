import { unreachable } from '@maya/contracts';
// The few places where the four engines spell the models' SQL differently. Everything else the
// models write is portable: CAST, CASE, COALESCE, SUM/MAX/COUNT, GROUP BY, UNION ALL, LEFT JOIN,
// ROW_NUMBER() OVER (...), subqueries in FROM.
import {
  assertIdentifier,
  sqlTypeName,
  type ColumnType,
  type WarehouseEngine,
} from '@maya/warehouse/interface';

export type SqlDialect = WarehouseEngine;

/** A quoted identifier: "name" for DuckDB and PostgreSQL, `name` for BigQuery and Databricks. */
export function ident(dialect: SqlDialect, name: string): string {
  assertIdentifier(name, 'identifier');
  switch (dialect) {
    case 'duckdb':
    case 'postgres':
      return `"${name}"`;
    case 'bigquery':
    case 'databricks':
      return `\`${name}\``;
    default:
      return unreachable(dialect);
  }
}

/** `schema.table`, each part quoted (a BigQuery dataset is the schema). */
export function tableRef(dialect: SqlDialect, schema: string, table: string): string {
  return `${ident(dialect, schema)}.${ident(dialect, table)}`;
}

/** A CAST to the engine's name of a column type (the adapters' own mapping). */
export function cast(dialect: SqlDialect, expression: string, type: ColumnType): string {
  return `CAST(${expression} AS ${sqlTypeName(dialect, type)})`;
}

/**
 * Integer division of non-negative integers (the callers make sure of the sign): DuckDB's `/`
 * would give a double, BigQuery and Databricks have their own spelling.
 */
export function intDiv(dialect: SqlDialect, dividend: string, divisor: string): string {
  switch (dialect) {
    case 'duckdb':
      return `(${dividend}) // (${divisor})`;
    case 'postgres':
      return `(${dividend}) / (${divisor})`;
    case 'bigquery':
      return `DIV(${dividend}, ${divisor})`;
    case 'databricks':
      return `(${dividend}) DIV (${divisor})`;
    default:
      return unreachable(dialect);
  }
}

/**
 * A string constant of the models (a service id, a channel or conversion name). Only plain text
 * is allowed, so that no engine's escaping rules (BigQuery and Databricks read backslashes)
 * matter.
 */
export function literal(value: string): string {
  if (!/^[A-Za-z0-9 _.-]*$/.test(value)) {
    throw new Error(`not a plain SQL constant: ${JSON.stringify(value)}`);
  }
  return `'${value}'`;
}
