import { dayInTimeZone, utcDay } from '@maya/contracts';
import { ProviderError } from '@maya/connectors';

/** How one attempt of an account's load ended, as the sources page shows it (spec 001 §3). */
export type LoadOutcome =
  | { status: 'finished'; syncedAt: Date }
  /** Another attempt follows (pg-boss retries the job): not a failure yet. */
  | { status: 'pending'; retry: true }
  | { status: 'failed'; error: string; reconnect: boolean };

/** Which attempt this was: pg-boss counts retries from 0 up to the job's retryLimit. */
export type Attempt = { retryCount: number; retryLimit: number };

/** Shown for failures that are ours rather than the provider's (details go to the log). */
export const LOAD_FAILED_MESSAGE = 'The data could not be loaded. It will be retried by the next load.';

/**
 * A failed attempt's outcome. The provider refusing the request (`provider`) or the grant
 * (`reauthorization_required`) is final at once: retrying asks the same question again, and the
 * connector has already retried rate limits and provider outages within the attempt. Anything
 * else (provider still unavailable, rate limited, the warehouse, the network) is retried by
 * pg-boss, and reported as pending until the last attempt has failed too.
 */
export function failedAttempt(error: unknown, attempt: Attempt): LoadOutcome {
  const permanent =
    error instanceof ProviderError &&
    (error.kind === 'provider' || error.kind === 'reauthorization_required');
  if (!permanent && attempt.retryCount < attempt.retryLimit) return { status: 'pending', retry: true };
  return {
    status: 'failed',
    error: error instanceof ProviderError ? error.message : LOAD_FAILED_MESSAGE,
    reconnect: error instanceof ProviderError && error.kind === 'reauthorization_required',
  };
}

/**
 * The load's date range: `years` of history up to yesterday, both ends inclusive, on the wall
 * calendar of `timeZone` (the account's; UTC by default); at most `maxDays` days when set
 * (FIRST_LOAD_MAX_DAYS, development and tests).
 */
export function firstLoadRange(
  years: number,
  today: Date,
  maxDays: number | null = null,
  timeZone = 'UTC',
): { from: string; to: string } {
  const day = dayInTimeZone(today, timeZone);
  const [y, m, d] = [Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))];
  // `years` back from today's date, so that the range holds exactly that many years of days.
  const from = Date.UTC(y - years, m, d);
  return {
    from: utcDay(maxDays === null ? from : Math.max(from, Date.UTC(y, m, d - maxDays))),
    to: utcDay(Date.UTC(y, m, d - 1)),
  };
}
