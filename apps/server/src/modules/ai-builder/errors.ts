// The AI Builder's failures as the API answers them (`{detail: {type, message}}`); the web maps
// the types to spec 002 §8's Generate messages and tips.
import { GenerateBookmarkErrorType, ReportErrorType } from '@maya/contracts';
import { ReportQueryError } from '@maya/analytics';
import { isWarehouseError } from '@maya/warehouse';
import { AppError } from '../../platform/errors';

/** spec 002 §8: 'Try rephrasing your prompt.' */
export const invalidPrompt = (message: string) =>
  new AppError(422, GenerateBookmarkErrorType.invalidPrompt, { message });

export const generatorUnavailable = () =>
  new AppError(502, GenerateBookmarkErrorType.generatorUnavailable, {
    message: 'The AI Builder could not reach its language model. Please try again later.',
  });

/**
 * The report engine's own failures while the prompt's report and values are read, answered as
 * the reports API answers them (workspace_not_setup stays the 404 the spec names).
 */
export function fromReportEngine(error: unknown): unknown {
  if (error instanceof ReportQueryError) {
    return new AppError(error.type === ReportErrorType.workspaceNotSetup ? 404 : 422, error.type, {
      message: error.message,
    });
  }
  if (isWarehouseError(error)) {
    return error.type === 'query_timeout'
      ? new AppError(504, ReportErrorType.queryTimeout, {
          message: 'The report query took too long. Please try again later.',
        })
      : new AppError(502, ReportErrorType.warehouseError, {
          message: 'The data warehouse did not answer. Please try again later.',
        });
  }
  return error;
}
