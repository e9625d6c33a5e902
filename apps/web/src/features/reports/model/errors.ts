import { ReportErrorType } from '@maya/contracts';
import { isApiError } from '../../../shared/api/ApiError';
import { CANT_CONNECT_MESSAGE, isConnectionError } from '../../../shared/api/describeError';
import { reportMessages } from '../messages';

/** spec 002 §8: workspace_not_setup has its own message; any other failure the generic one. */
export function dashboardErrorMessage(error: unknown): string {
  return isWorkspaceNotSetup(error)
    ? reportMessages.notReady.workspaceNotSetup
    : reportMessages.notReady.failed;
}

/** The report's access failed because its first data has not loaded yet. */
export function isWorkspaceNotSetup(error: unknown): boolean {
  return isApiError(error) && error.type === ReportErrorType.workspaceNotSetup;
}

/** The organization has no report of that slug (an unknown one, or a demo-only one). */
export function isReportNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404 && error.type === ReportErrorType.reportNotFound;
}

const VISUAL_ERRORS: Partial<Record<string, string>> = {
  [ReportErrorType.queryTimeout]: 'the query took too long',
  [ReportErrorType.warehouseError]: 'the data warehouse did not answer',
  [ReportErrorType.workspaceNotSetup]: reportMessages.notReady.workspaceNotSetup,
};

/** The `{error}` of 'Something went wrong: {error}' (spec 002 §8 Tables) for a visual's query. */
export function visualErrorText(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  if (isConnectionError(error)) return CANT_CONNECT_MESSAGE;
  const known = VISUAL_ERRORS[error.type];
  if (known !== undefined) return known;
  const message = error.detail?.message;
  return typeof message === 'string' && message !== '' ? message : error.type;
}
