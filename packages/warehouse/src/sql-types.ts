// The engine's name of each column type: the CREATE TABLE and CAST target every adapter uses, and
// that SQL written over the Warehouse interface (the canonical models of @maya/analytics) casts to.
// Pure and free of any engine client, so the analytics domain may use it without the adapters.
import { unreachable } from '@maya/contracts';
import type { ColumnType, WarehouseEngine } from './warehouse';

/** The engine's name of a column type, as a CAST target (the adapters' own mapping). */
export function sqlTypeName(engine: WarehouseEngine, type: ColumnType): string {
  switch (engine) {
    case 'duckdb':
      return duckDbSqlType(type);
    case 'postgres':
      return pgSqlType(type);
    case 'bigquery':
      return bigQueryType(type);
    case 'databricks':
      return databricksType(type);
    default:
      return unreachable(engine);
  }
}

/** The DuckDB type a column is created with. */
export function duckDbSqlType(type: ColumnType): string {
  switch (type) {
    case 'string':
      return 'VARCHAR';
    case 'integer':
      return 'INTEGER';
    case 'bigint':
      return 'BIGINT';
    case 'double':
      return 'DOUBLE';
    case 'decimal':
      // 64-bit: DuckDB sums DECIMAL(18,9) about 4 times faster than the 128-bit DECIMAL(38,9)
      // (conversions in every report), and the product's decimals (conversions, position ×
      // impressions) stay far below 10^9 a row; a larger value fails its load loudly.
      return 'DECIMAL(18,9)';
    case 'boolean':
      return 'BOOLEAN';
    case 'date':
      return 'DATE';
    case 'timestamp':
      return 'TIMESTAMP';
    case 'json':
      return 'JSON';
    default:
      return unreachable(type);
  }
}

/** The PostgreSQL type a column is created with. */
export function pgSqlType(type: ColumnType): string {
  switch (type) {
    case 'string':
      return 'text';
    case 'integer':
      return 'integer';
    case 'bigint':
      return 'bigint';
    case 'double':
      return 'double precision';
    case 'decimal':
      return 'numeric(38,9)';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'timestamp':
      return 'timestamptz';
    case 'json':
      return 'jsonb';
    default:
      return unreachable(type);
  }
}

/** The BigQuery type a column is created with. */
export function bigQueryType(type: ColumnType): string {
  switch (type) {
    case 'string':
      return 'STRING';
    case 'integer':
    case 'bigint':
      return 'INT64';
    case 'double':
      return 'FLOAT64';
    case 'decimal':
      // NUMERIC is exactly DECIMAL(38, 9), the other engines' decimal.
      return 'NUMERIC';
    case 'boolean':
      return 'BOOL';
    case 'date':
      return 'DATE';
    case 'timestamp':
      return 'TIMESTAMP';
    case 'json':
      return 'JSON';
    default:
      return unreachable(type);
  }
}

/** The Databricks type a column is created with. */
export function databricksType(type: ColumnType): string {
  switch (type) {
    case 'string':
      return 'STRING';
    case 'integer':
      return 'INT';
    case 'bigint':
      return 'BIGINT';
    case 'double':
      return 'DOUBLE';
    case 'decimal':
      return 'DECIMAL(38,9)';
    case 'boolean':
      return 'BOOLEAN';
    case 'date':
      return 'DATE';
    case 'timestamp':
      // TIMESTAMP is an instant (TIMESTAMP_LTZ); sessions run in UTC.
      return 'TIMESTAMP';
    case 'json':
      // VARIANT keeps JSON apart from text (information_schema and DESCRIBE say so).
      return 'VARIANT';
    default:
      return unreachable(type);
  }
}
