// Read-only SQL on an organization's dataset: the one runner behind the MCP server's SQL tool and
// the API's shared-dataset SQL endpoint (decision 574).
import { DATASET_SQL_LIMITS, DeveloperErrorType } from '@maya/contracts';
import { WarehouseError, type QueryResult } from '@maya/warehouse';
import { AppError } from '../../platform/errors';
import { checkReadOnlySql } from './sql-guard';
import type { WithWarehouse } from './warehouse';

/**
 * Runs one read-only statement on the organization's warehouse: the parser's guard first (one
 * SELECT, no file, no other database, no setting), then the engine's own (a READ ONLY transaction,
 * a prepared statement that must be a SELECT, external access off), at most `maxRows` rows and
 * the time limit. A refusal is 400 `sql_refused`, an engine's error 400 `sql_failed`, the time
 * limit 504 `sql_timeout`: the caller's query, never a 500.
 */
export function createReadOnlySql(withWarehouse: WithWarehouse) {
  return async function readOnlySql(
    organizationId: string,
    sql: string,
    maxRows: number = DATASET_SQL_LIMITS.defaultRows,
  ): Promise<QueryResult> {
    const verdict = checkReadOnlySql(sql);
    if (!verdict.ok) throw new AppError(400, DeveloperErrorType.sqlRefused, { message: verdict.reason });
    const options = {
      timeoutMs: DATASET_SQL_LIMITS.timeoutMs,
      maxRows: Math.max(1, Math.min(maxRows, DATASET_SQL_LIMITS.maxRows)),
    };
    try {
      return await withWarehouse(
        organizationId,
        (warehouse) => warehouse.query(verdict.sql, [], options),
        'read',
      );
    } catch (error) {
      if (!(error instanceof WarehouseError)) throw error;
      if (error.type === 'query_timeout') {
        throw new AppError(504, DeveloperErrorType.sqlTimeout, {
          message: `The query did not finish within ${DATASET_SQL_LIMITS.timeoutMs / 1000} s.`,
        });
      }
      const type =
        error.type === 'read_only_violation' ? DeveloperErrorType.sqlRefused : DeveloperErrorType.sqlFailed;
      throw new AppError(400, type, { message: error.message });
    }
  };
}
