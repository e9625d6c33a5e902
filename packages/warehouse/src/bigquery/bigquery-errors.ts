import { WarehouseError, errorMessage } from '../errors';
import { readOnlyViolation } from '../read-only-sql';

/** Where an error happened: loads, DDL and catalog lookups, or a caller's read-only query. */
export type BigQueryErrorContext = 'write' | 'query';

/**
 * BigQuery's complaints about a value that does not fit its column (casts in a MERGE, a NULL in
 * a REQUIRED column, a key repeated in a MERGE source).
 */
const DATA_ERROR =
  /Bad (int64|double|bool|numeric|bignumeric) value|Invalid (date|timestamp|datetime|numeric|bignumeric|json|bool)|Could not (cast|parse)|cannot (be|insert) null|null value|REQUIRED (field|column|mode)|overflow|must match at most one source row|PARSE_JSON/i;
const PARAMETER_ERROR = /query parameter|undeclared parameter|parameter .* (not found|not defined)/i;
const TIMEOUT_ERROR = /timed? ?out|timeout|exceeded the job timeout/i;
const AUTH_ERROR =
  /invalid_grant|invalid jwt|unauthorized_client|DECODER routines|private key|Could not load the default credentials/i;

type ApiErrorLike = { code?: unknown; errors?: { reason?: unknown; message?: unknown }[] };

/** The reason BigQuery gives (`notFound`, `invalidQuery`, `accessDenied`, ...), when it gives one. */
export function bigQueryReason(error: unknown): string | null {
  const errors = (error as ApiErrorLike | null)?.errors;
  const reason = Array.isArray(errors) ? errors[0]?.reason : undefined;
  return typeof reason === 'string' ? reason : null;
}

/** A dataset or table that does not exist (`listTables` of a missing dataset is empty). */
export function isNotFound(error: unknown): boolean {
  return bigQueryReason(error) === 'notFound' || (error as ApiErrorLike | null)?.code === 404;
}

/** Any BigQuery failure as a WarehouseError with a type the caller can act on. */
export function mapBigQueryError(error: unknown, context: BigQueryErrorContext): WarehouseError {
  if (error instanceof WarehouseError) return error;
  const message = errorMessage(error);
  const reason = bigQueryReason(error);
  const code = (error as ApiErrorLike | null)?.code;
  if (code === 401 || AUTH_ERROR.test(message)) {
    return new WarehouseError('engine_error', `BigQuery did not accept the service account key: ${message}`, {
      cause: error,
    });
  }
  if (reason === 'accessDenied' || code === 403) {
    return new WarehouseError('engine_error', `the service account may not do this in BigQuery: ${message}`, {
      cause: error,
    });
  }
  if (context === 'query') {
    if (reason === 'timeout' || reason === 'jobTimeout' || TIMEOUT_ERROR.test(message)) {
      return new WarehouseError('query_timeout', `query did not finish in time: ${message}`, {
        cause: error,
      });
    }
    if (PARAMETER_ERROR.test(message))
      return new WarehouseError('invalid_parameter', message, { cause: error });
    if (/read-?only|not allowed in a read-only/i.test(message)) return readOnlyViolation(message);
  }
  if (context === 'write' && DATA_ERROR.test(message)) {
    return new WarehouseError('schema_mismatch', message, { cause: error });
  }
  return new WarehouseError('engine_error', message, { cause: error });
}
