// The report engine's failures as the API answers them (`{detail: {type, message}}`).
import {
  BUILT_IN_REPORT_NAME,
  CustomReportErrorType,
  DUPLICATE_REPORT_NAME,
  EmbedErrorType,
  ReportErrorType,
  ReportStateError,
  reportNameMessages,
  type ValidationIssue,
  unreachable,
} from '@maya/contracts';
import { ReportQueryError, type ReportQueryErrorType } from '@maya/analytics';
import { WarehouseError } from '@maya/warehouse';
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
      return unreachable(type);
    }
  }
}

export const reportNotFound = (slug: string) =>
  new AppError(404, ReportErrorType.reportNotFound, { message: `there is no report ${slug}` });

export const workspaceNotSetup = () =>
  new AppError(404, ReportErrorType.workspaceNotSetup, {
    message: 'Data not yet available. Please try again later.',
  });

/** Saving and deleting reports needs access_level Edit (or, to delete, having saved it). */
export const reportEditForbidden = (action = 'change its reports') =>
  new AppError(403, CustomReportErrorType.editForbidden, {
    message: `Only owners and admins of the organization can ${action}.`,
  });

export const builtInReport = (slug: string) =>
  new AppError(400, CustomReportErrorType.builtIn, { message: `${slug} is a built-in report` });

/**
 * Malformed, forged, revoked, expired, or its report is gone: the same 401 to the embedding site
 * (only an expired grant says so, for the viewer's sake; it reveals nothing the token did not).
 */
export const invalidEmbedToken = (reason: 'invalid' | 'expired' | 'revoked') =>
  new AppError(401, EmbedErrorType.invalidEmbedToken, {
    message:
      reason === 'expired'
        ? 'This embedded report link has expired.'
        : 'This embedded report link is not valid.',
  });

/** A request outside what the embed grant allows (embed-scope.ts). */
export const embedFilterNotAllowed = (message: string) =>
  new AppError(403, EmbedErrorType.filterNotAllowed, { message });

export const embedNotFound = () =>
  new AppError(404, EmbedErrorType.notFound, { message: 'There is no such embed link of this report.' });

export const invalidEmbedExpiry = () =>
  new AppError(422, EmbedErrorType.invalidExpiry, { message: 'Choose an expiry in the future.' });

/**
 * A rule of the save-as form that only the server can check (the slug is taken): answered as
 * the 422 list of validation issues, on the name field, so that the dialog shows it there.
 */
export class ReportNameTaken extends Error {
  override readonly name = 'ReportNameTaken';
  readonly issues: ValidationIssue[];
  constructor(msg: string = reportNameMessages.duplicate, type: string = DUPLICATE_REPORT_NAME) {
    super(msg);
    this.issues = [{ loc: ['body', 'name'], msg, type }];
  }
}

/** A custom report named as a built-in is displayed ('SEO'): the same 422, naming the built-in. */
export const builtInReportNameTaken = (builtIn: string) =>
  new ReportNameTaken(reportNameMessages.builtInName(builtIn), BUILT_IN_REPORT_NAME);

/**
 * A compiler error is the request's fault (422). The engine running out of time is 504; the
 * engine failing (a destination unreachable) is 502, its message for the log only. Anything else
 * (an invalid identifier or parameter in SQL we compiled) is our bug and stays a 500.
 */
export function toAppError(error: unknown): unknown {
  if (error instanceof ReportStateError) {
    return new AppError(422, ReportErrorType.invalidState, { message: error.message });
  }
  if (error instanceof ReportQueryError) {
    return new AppError(statusOf(error.type), error.type, { message: error.message });
  }
  if (error instanceof WarehouseError && error.type === 'query_timeout') {
    return new AppError(statusOf('query_timeout'), ReportErrorType.queryTimeout, {
      message: 'The report query took too long. Narrow the filters and try again.',
    });
  }
  // A destination whose address is refused is, for a reader, one that does not answer.
  if (
    error instanceof WarehouseError &&
    (error.type === 'engine_error' || error.type === 'address_not_allowed')
  ) {
    return new AppError(statusOf('warehouse_error'), ReportErrorType.warehouseError, {
      message: 'The data warehouse did not answer. Please try again later.',
    });
  }
  return error;
}
