// How the sandbox Microsoft Advertising API answers a failure: the REST interface's fault bodies,
// AdApiFaultDetail (`Errors`) for authentication and throttling, ApiFault (Customer Management)
// and ApiFaultDetail (Reporting) with `OperationErrors` for refused operations.
// https://learn.microsoft.com/advertising/guides/operation-error-codes
import { randomUUID } from 'node:crypto';
import type { ApiErrorKind, ErrorRenderer } from '../../sandbox/apis/api';
import type { FaultBody, FaultError } from './api';

/** A failure a sandbox route answers with. */
export class MicrosoftFault extends Error {
  constructor(
    readonly httpStatus: number,
    readonly type: FaultBody['Type'],
    readonly error: FaultError,
  ) {
    super(error.Message);
    this.name = 'MicrosoftFault';
  }

  get body(): FaultBody {
    const error = {
      Code: this.error.Code,
      Details: null,
      ErrorCode: this.error.ErrorCode ?? null,
      Message: this.message,
    };
    switch (this.type) {
      case 'AdApiFaultDetail':
        return { TrackingId: randomUUID(), Type: this.type, Errors: [error] };
      case 'ApiFault':
        // Customer Management's operation errors carry no symbolic ErrorCode.
        return {
          TrackingId: randomUUID(),
          Type: this.type,
          OperationErrors: [{ ...error, ErrorCode: null }],
        };
      case 'ApiFaultDetail':
        return { TrackingId: randomUUID(), Type: this.type, BatchErrors: [], OperationErrors: [error] };
      default:
        throw new Error(`unknown fault type ${String(this.type satisfies never)}`);
    }
  }
}

export const adApiFault = (status: number, code: number, errorCode: string, message: string) =>
  new MicrosoftFault(status, 'AdApiFaultDetail', { Code: code, ErrorCode: errorCode, Message: message });

export const INVALID_CREDENTIALS =
  'Authentication failed. Either supplied credentials are invalid or the account is inactive.';
export const NOT_AUTHORIZED = 'The user is not authorized to perform this action.';

const SHARED: Record<ApiErrorKind, { code: number; errorCode: string | null }> = {
  unauthenticated: { code: 105, errorCode: 'InvalidCredentials' },
  rate_limited: { code: 117, errorCode: 'CallRateExceeded' },
  server_error: { code: 0, errorCode: 'InternalError' },
  permission_denied: { code: 106, errorCode: 'UserIsNotAuthorized' },
  not_found: { code: 0, errorCode: null },
  invalid_argument: { code: 0, errorCode: null },
};

/** The shared sandbox failures (bearer check, injected faults) in Microsoft's shapes. */
export const renderMicrosoftAdsError: ErrorRenderer = (kind, message, status) => {
  const { code, errorCode } = SHARED[kind];
  const type = kind === 'not_found' || kind === 'invalid_argument' ? 'ApiFaultDetail' : 'AdApiFaultDetail';
  return new MicrosoftFault(status, type, { Code: code, ErrorCode: errorCode, Message: message }).body;
};
