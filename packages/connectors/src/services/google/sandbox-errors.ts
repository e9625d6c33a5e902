// The sandbox side of Google's error shape: how the sandbox Google REST APIs (Search Console,
// Analytics, BigQuery, Cloud Storage) answer a failure.
import type { z } from 'zod';
import type { ApiErrorKind } from '../../sandbox/apis/api';

const STATUS: Record<ApiErrorKind, string> = {
  unauthenticated: 'UNAUTHENTICATED',
  rate_limited: 'RESOURCE_EXHAUSTED',
  server_error: 'INTERNAL',
  permission_denied: 'PERMISSION_DENIED',
  not_found: 'NOT_FOUND',
  invalid_argument: 'INVALID_ARGUMENT',
};

/** The `errors[].reason` of the v2/v3 APIs (Search Console, BigQuery, Cloud Storage). */
const REASON: Record<ApiErrorKind, string> = {
  unauthenticated: 'authError',
  rate_limited: 'rateLimitExceeded',
  server_error: 'backendError',
  permission_denied: 'forbidden',
  not_found: 'notFound',
  invalid_argument: 'invalid',
};

export type GoogleErrorShape = {
  error: {
    code: number;
    message: string;
    status: string;
    errors?: { message: string; domain: string; reason: string }[];
  };
};

/** `legacy`: the v2/v3 APIs add `errors: [{message, domain, reason}]`; the v1 APIs (Analytics) do not. */
export function googleErrorBody(
  kind: ApiErrorKind,
  message: string,
  status: number,
  options: { legacy: boolean; reason?: string },
): GoogleErrorShape {
  return {
    error: {
      code: status,
      message,
      ...(options.legacy
        ? { errors: [{ message, domain: 'global', reason: options.reason ?? REASON[kind] }] }
        : {}),
      status: STATUS[kind],
    },
  };
}

/** A request body refused by its schema, in the words of Google's INVALID_ARGUMENT answers. */
export function invalidValueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `Invalid value at '${issue.path.join('.')}': ${issue.message}` : 'Invalid request.';
}
