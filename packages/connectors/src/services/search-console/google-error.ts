// Reading Google's JSON error answers, shared by the Google APIs Maya reads (Search Console,
// Analytics, BigQuery, Cloud Storage): `{"error":{"code","message","status","errors":[{reason}]}}`.
// https://cloud.google.com/apis/design/errors
import type { ErrorReader, ErrorReading } from '../../core/http';

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
