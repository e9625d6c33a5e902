// Talking to the Google REST APIs Maya reads (Search Console, Analytics, BigQuery, Cloud Storage):
// their JSON error answers, `{"error":{"code","message","status","errors":[{reason}]}}`, read into
// the shared error kinds, and the HTTP client that reads them. (Google Ads has its own failure
// details: services/google-ads/error.ts.)
// https://cloud.google.com/apis/design/errors
import { httpFor } from '../../core/context';
import type { ErrorReader, ErrorReading, ProviderHttp } from '../../core/http';
import type { ConnectorContext } from '../../core/types';

type GoogleErrorBody = {
  code?: unknown;
  message?: unknown;
  status?: unknown;
  errors?: { reason?: unknown; message?: unknown }[];
};

/** Reasons of the older (v2/v3) APIs that mean "slow down", whatever the HTTP status (BigQuery answers 403). */
const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded']);

export const readGoogleError: ErrorReader = (status, body): ErrorReading => {
  const error = body && typeof body === 'object' && 'error' in body ? body.error : undefined;
  if (!error || typeof error !== 'object') {
    const text = typeof body === 'string' && body.trim() ? body.trim().slice(0, 500) : `HTTP ${status}`;
    return { message: typeof error === 'string' ? error : text };
  }
  const record = error as GoogleErrorBody;
  const reasons = Array.isArray(record.errors)
    ? record.errors.map((e) => (typeof e?.reason === 'string' ? e.reason : ''))
    : [];
  const message =
    typeof record.message === 'string' && record.message
      ? record.message
      : (reasons.find(Boolean) ?? `HTTP ${status}`);
  if (
    status === 429 ||
    record.status === 'RESOURCE_EXHAUSTED' ||
    reasons.some((r) => RATE_LIMIT_REASONS.has(r))
  ) {
    return { message, kind: 'rate_limited' };
  }
  // A grant without the scope the API needs: only a new consent (reconnect) gives it.
  if (status === 403 && /insufficient authentication scopes/i.test(message)) {
    return { message, kind: 'reauthorization_required' };
  }
  return { message };
};

/** The HTTP client of a connector reading a Google REST API; `provider` names it in errors. */
export function googleHttp(context: ConnectorContext, provider: string): ProviderHttp {
  return httpFor(context, provider, readGoogleError);
}
