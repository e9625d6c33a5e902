import { ClusterErrorType, clusterMessages } from '@maya/contracts';
import { isApiError } from '../../../../shared/api/ApiError';
import { detailTypeOr } from '../../messages';

const notEnoughData = (error: unknown) => isApiError(error) && error.type === ClusterErrorType.notEnoughData;

/** Rules the server refused (422 issues at the rules): what it said, as a save would say it. */
const issues = (error: unknown) =>
  isApiError(error) && error.issues !== null && error.issues.length > 0
    ? error.issues.map((issue) => issue.msg).join(', ')
    : null;

/**
 * spec 001 §8: the preview fails with 'Not enough data for the preview.', the detail type, or
 * 'Server error'; rules the server refused say why.
 */
export function previewError(error: unknown): string {
  if (notEnoughData(error)) return clusterMessages.notEnoughDataPreview;
  return issues(error) ?? detailTypeOr(error, clusterMessages.previewFailed);
}

/** spec 001 §8: 'Not enough data for the sql preview.' or 'Could not get the SQL preview'. */
export function sqlError(error: unknown): string {
  return notEnoughData(error) ? clusterMessages.notEnoughDataSql : clusterMessages.sqlPreviewFailed;
}

/** The coverage panel's failure, in the words of spec 001 §8's table error. */
export function coverageError(error: unknown): string {
  return notEnoughData(error)
    ? clusterMessages.notEnoughDataPreview
    : `Something went wrong: ${issues(error) ?? detailTypeOr(error, clusterMessages.previewFailed)}`;
}
