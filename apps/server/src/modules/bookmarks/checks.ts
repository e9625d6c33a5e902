// The bookmark module's errors and the checks of what a request brings (its state, its members).
import {
  BookmarkErrorType,
  bookmarkMessages,
  decodeReportState,
  encodeReportState,
  ReportErrorType,
  ReportStateError,
} from '@maya/contracts';
import { AppError } from '../../platform/errors';

export const bookmarkNotFound = () =>
  new AppError(404, BookmarkErrorType.notFound, { message: 'Could not find the bookmark' });
export const forbidden = (message: string) => new AppError(403, BookmarkErrorType.forbidden, { message });
export const invalidKind = (message: string) => new AppError(422, BookmarkErrorType.invalidKind, { message });
export const nameExists = (name: string) =>
  new AppError(409, BookmarkErrorType.nameExists, { message: bookmarkMessages.nameExists, name });

/** Decodes (validates) an encoded report state and answers its canonical encoding. */
export function checkedState(encoded: string): string {
  try {
    return encodeReportState(decodeReportState(encoded));
  } catch (error) {
    if (error instanceof ReportStateError) {
      throw new AppError(422, ReportErrorType.invalidState, { message: error.message });
    }
    throw error;
  }
}

/** `visible_to` as stored: without the creator (always visible), each member once, all members. */
export function checkedMembers(
  ids: readonly string[],
  creatorId: string | null,
  members: ReadonlySet<string>,
) {
  const chosen = [...new Set(ids)].filter((id) => id !== creatorId);
  const stranger = chosen.find((id) => !members.has(id));
  if (stranger !== undefined) {
    throw new AppError(422, BookmarkErrorType.invalidVisibility, {
      message: `${stranger} is not a member of the organization`,
    });
  }
  return chosen;
}
