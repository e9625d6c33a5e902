// How the sandbox Google Ads API answers a failure: Google's error envelope whose details hold a
// GoogleAdsFailure with the Google Ads error code and message, as the REST interface returns it.
// https://developers.google.com/google-ads/api/rest/common/errors (GoogleAdsFailure)
import { randomBytes } from 'node:crypto';
import type { ApiErrorKind, ErrorRenderer } from '../../sandbox/apis/api';
import { GOOGLE_ADS_FAILURE_TYPE } from './api';
import type { GoogleAdsErrorCode, GoogleAdsFailureBody } from './api';

const GRPC: Record<number, { status: string; message: string }> = {
  400: { status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' },
  401: {
    status: 'UNAUTHENTICATED',
    message:
      'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  },
  403: { status: 'PERMISSION_DENIED', message: 'The caller does not have permission' },
  404: { status: 'NOT_FOUND', message: 'Requested entity was not found.' },
  429: { status: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).' },
  500: { status: 'INTERNAL', message: 'Internal error encountered.' },
};

export const requestId = () => randomBytes(16).toString('base64url');

/** A failure a sandbox route answers with, carrying its Google Ads error code. */
export class AdsFailure extends Error {
  constructor(
    readonly errorCode: GoogleAdsErrorCode,
    message: string,
    readonly httpStatus = 400,
  ) {
    super(message);
    this.name = 'AdsFailure';
  }
}

export function failureBody(
  httpStatus: number,
  errors: { errorCode: GoogleAdsErrorCode; message: string }[],
): GoogleAdsFailureBody {
  const grpc = GRPC[httpStatus] ?? GRPC[httpStatus >= 500 ? 500 : 400] ?? { status: 'UNKNOWN', message: '' };
  return {
    error: {
      code: httpStatus,
      message: grpc.message,
      status: grpc.status,
      details: [{ '@type': GOOGLE_ADS_FAILURE_TYPE, errors, requestId: requestId() }],
    },
  };
}

const CODES: Record<ApiErrorKind, GoogleAdsErrorCode> = {
  unauthenticated: { authenticationError: 'OAUTH_TOKEN_INVALID' },
  rate_limited: { quotaError: 'RESOURCE_EXHAUSTED' },
  server_error: { internalError: 'INTERNAL_ERROR' },
  permission_denied: { authorizationError: 'USER_PERMISSION_DENIED' },
  not_found: { requestError: 'RESOURCE_NOT_FOUND' },
  invalid_argument: { requestError: 'UNKNOWN' },
};

/** The shared sandbox failures (bearer check, injected faults) in the Google Ads shape. */
export const renderGoogleAdsError: ErrorRenderer = (kind, message, status) =>
  failureBody(status, [{ errorCode: CODES[kind], message }]);
