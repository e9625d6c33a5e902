// Reading Google Ads API error answers: the Google error envelope whose details carry a
// GoogleAdsFailure, the list of Google Ads errors with their own messages, which are what the user
// needs to read ("User doesn't have permission to access customer...", "Unrecognized field...").
// https://developers.google.com/google-ads/api/docs/best-practices/error-types
import { defaultErrorReader } from '../../core/http';
import type { ErrorReader, ErrorReading } from '../../core/http';
import type { GoogleAdsError } from './api';

type Envelope = {
  code?: unknown;
  message?: unknown;
  status?: unknown;
  details?: unknown;
};

function failureErrors(details: unknown): GoogleAdsError[] {
  if (!Array.isArray(details)) return [];
  for (const detail of details) {
    const record = detail as { '@type'?: unknown; errors?: unknown };
    if (typeof record?.['@type'] === 'string' && record['@type'].endsWith('.errors.GoogleAdsFailure')) {
      return Array.isArray(record.errors) ? (record.errors as GoogleAdsError[]) : [];
    }
  }
  return [];
}

/** "30s" or "1.5s" (a protobuf Duration in JSON) → milliseconds. */
function durationMs(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d+(?:\.\d+)?)s$/.exec(value.trim());
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
}

/** OAuth problems a token refresh can fix; other authentication errors (developer token) cannot. */
const REFRESHABLE = new Set(['OAUTH_TOKEN_INVALID', 'OAUTH_TOKEN_EXPIRED', 'OAUTH_TOKEN_HEADER_INVALID']);
/** The grant itself is gone: only a new consent helps. */
const REVOKED = new Set(['OAUTH_TOKEN_REVOKED', 'OAUTH_TOKEN_DISABLED', 'GOOGLE_ACCOUNT_DELETED']);

export const readGoogleAdsError: ErrorReader = (status, body): ErrorReading => {
  const envelope = body && typeof body === 'object' && 'error' in body ? body.error : undefined;
  if (!envelope || typeof envelope !== 'object') return defaultErrorReader(status, body);
  const error = envelope as Envelope;
  const errors = failureErrors(error.details);
  const messages = errors.map((e) => e.message).filter((m) => typeof m === 'string' && m);
  const message =
    messages.length > 0
      ? messages.join(' ')
      : typeof error.message === 'string' && error.message
        ? error.message
        : `HTTP ${status}`;
  const codes = errors.map((e) => e.errorCode ?? {});

  if (status === 429 || error.status === 'RESOURCE_EXHAUSTED' || codes.some((c) => 'quotaError' in c)) {
    const retryAfterMs = errors
      .map((e) => durationMs(e.details?.quotaErrorDetails?.retryDelay))
      .find((ms) => ms !== undefined);
    return { message, kind: 'rate_limited', ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
  }
  const authentication = codes.map((c) => c.authenticationError).find((c) => c !== undefined);
  if (authentication !== undefined) {
    if (REVOKED.has(authentication)) return { message, kind: 'reauthorization_required' };
    return { message, kind: REFRESHABLE.has(authentication) ? 'unauthorized' : 'provider' };
  }
  // A grant without the adwords scope: only a new consent gives it.
  if (status === 403 && /insufficient authentication scopes/i.test(message)) {
    return { message, kind: 'reauthorization_required' };
  }
  return { message };
};
