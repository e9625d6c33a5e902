// @maya/warehouse: the Warehouse interface (also alone at @maya/warehouse/interface) and its
// adapters, one per engine, with the destinations that open them.
export * from './interface';
export { openDuckDbWarehouse, type DuckDbWarehouseOptions } from './duckdb/duckdb-warehouse';
export { closeIdleDuckDbs, duckDbFileFor, letGoOfDuckDb, type DuckDbSharing } from './duckdb/duckdb-instance';
export { withDuckDbCheckpointed } from './duckdb/duckdb-checkpoint';
export { openPostgresWarehouse, type PostgresWarehouseOptions } from './postgres/postgres-warehouse';
export type * from './destination-config';
export {
  openBigQueryWarehouse,
  type BigQueryWarehouseConfig,
  type BigQueryWarehouseOptions,
} from './bigquery/bigquery-warehouse';
export type { BigQueryClient } from './bigquery/bigquery-client';
export { openDatabricksWarehouse, type DatabricksWarehouseOptions } from './databricks/databricks-warehouse';
export type { DatabricksClient } from './databricks/databricks-client';
export { CHECK_SCHEMA, checkDestination, openDestinationWarehouse, type CheckOptions } from './destinations';
export {
  isPrivateAddress,
  resolveDestinationHost,
  type AddressPolicy,
  type HostLookup,
  type ResolvedAddress,
} from './destination-address';
