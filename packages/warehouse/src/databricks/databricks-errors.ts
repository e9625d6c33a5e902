import { WarehouseError, errorMessage } from '../errors';

/** Where an error happened: loads, DDL and catalog lookups, or a caller's read-only query. */
export type DatabricksErrorContext = 'write' | 'query';

/** Error classes of a value that does not fit its column (casts in a MERGE, NOT NULL, keys). */
const DATA_ERROR =
  /\[(CAST_[A-Z_]+|NUMERIC_[A-Z_]+|ARITHMETIC_OVERFLOW|[A-Z_]*NOT_NULL[A-Z_]*|DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE|MALFORMED_[A-Z_]+|DATETIME_[A-Z_]+|INVALID_JSON[A-Z_]*|[A-Z_]*VARIANT[A-Z_]*)[\].]/;
const PARAMETER_ERROR =
  /\[(UNBOUND_SQL_PARAMETER|INVALID_PARAMETER_MARKER_VALUE|[A-Z_]*PARAMETER[A-Z_]*)[\].]/;
const AUTH_ERROR =
  /AADSTS|invalid_client|unauthorized_client|Azure sign-in|\b401\b|\b403\b|Unauthorized|Forbidden|PERMISSION_DENIED|invalid access token/i;

/** Any Databricks failure as a WarehouseError with a type the caller can act on. */
export function mapDatabricksError(error: unknown, context: DatabricksErrorContext): WarehouseError {
  if (error instanceof WarehouseError) return error;
  const message = errorMessage(error);
  const name = error instanceof Error ? error.name : '';
  if (name === 'AzureSignInError') return new WarehouseError('engine_error', message, { cause: error });
  if (name === 'AuthenticationError' || AUTH_ERROR.test(message)) {
    return new WarehouseError('engine_error', `Databricks did not let the service principal in: ${message}`, {
      cause: error,
    });
  }
  if (context === 'query' && PARAMETER_ERROR.test(message)) {
    return new WarehouseError('invalid_parameter', message, { cause: error });
  }
  if (context === 'write' && DATA_ERROR.test(message)) {
    return new WarehouseError('schema_mismatch', message, { cause: error });
  }
  return new WarehouseError('engine_error', message, { cause: error });
}
