// @maya/warehouse/interface: the Warehouse interface without its adapters — the types, the errors,
// identifier checks and the engines' column type names. Code that reads and writes through a
// Warehouse someone else opened (the analytics domain, @maya/analytics) imports this entry
// point only, so it never pulls in an engine client (DuckDB, pg, BigQuery, Databricks).
export * from './warehouse';
export {
  TEXT_ESCAPE,
  textBatchRows,
  type TextBatch,
  type TextBatches,
  type TextLayout,
} from './text-batches';
export { WarehouseError, errorMessage, isWarehouseError, type WarehouseErrorType } from './errors';
export {
  IDENTIFIER_PATTERN,
  assertIdentifier,
  quoteIdentifier,
  qualifiedName,
  stagedTableName,
} from './identifiers';
export { sqlTypeName } from './sql-types';
