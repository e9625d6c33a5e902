export * from './warehouse';
export { WarehouseError, isWarehouseError, type WarehouseErrorType } from './errors';
export {
  IDENTIFIER_PATTERN,
  assertIdentifier,
  quoteIdentifier,
  qualifiedName,
  stagedTableName,
} from './identifiers';
export { openDuckDbWarehouse, type DuckDbWarehouseOptions } from './duckdb/duckdb-warehouse';
export { duckDbFileFor } from './duckdb/duckdb-instance';
export { openPostgresWarehouse, type PostgresWarehouseOptions } from './postgres/postgres-warehouse';
export type * from './destination-config';
