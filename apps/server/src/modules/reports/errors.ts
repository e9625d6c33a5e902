// The report engine's failures as the API answers them (`{detail: {type, message}}`).
import { ReportErrorType } from '@maya/contracts';
import { ReportQueryError, WarehouseError, type ReportQueryErrorType } from '@maya/warehouse';
import { AppError } from '../../platform/errors';

function statusOf(type: ReportQueryErrorType): number {
  switch (type) {
    case 'workspace_not_setup':
      return 404;
    // The compiler's report_not_found is a page or visual the request names (findVisual); an
    // unknown report slug is answered 404 by `reportNotFound` before any compiling.
    case 'report_not_found':
    case 'unknown_field':
    case 'invalid_report_query':
    case 'comparison_needs_period':
    case 'invalid_cursor':
      return 422;
    case 'query_timeout':
      return 504;
    case 'warehouse_error':
      return 502;
    default: {
      const unreachable: never = type;
      throw new Error(String(unreachable));
    }
  }
}

export const reportNotFound = (slug: string) =>
  new AppError(404, ReportErrorType.reportNotFound, { message: `there is no report ${slug}` });

export const workspaceNotSetup = () =>
  new AppError(404, ReportErrorType.workspaceNotSetup, {
    message: 'Data not yet available. Please try again later.',
  });

/**
 * A compiler error is the request's fault (422). The engine running out of time is 504; the
 * engine failing (a destination unreachable) is 502, its message for the log only. Anything else
 * (an invalid identifier or parameter in SQL we compiled) is our bug and stays a 500.
 */
export function toAppError(error: unknown): unknown {
  if (error instanceof ReportQueryError) {
    return new AppError(statusOf(error.type), error.type, { message: error.message });
  }
  if (error instanceof WarehouseError && error.type === 'query_timeout') {
    return new AppError(statusOf('query_timeout'), ReportErrorType.queryTimeout, {
      message: 'The report query took too long. Narrow the filters and try again.',
    });
  }
  if (error instanceof WarehouseError && error.type === 'engine_error') {
    return new AppError(statusOf('warehouse_error'), ReportErrorType.warehouseError, {
      message: 'The data warehouse did not answer. Please try again later.',
    });
  }
  return error;
}
