import { ProviderError } from '@maya/connectors';
import { describe, expect, it } from 'vitest';
import { LOAD_FAILED_MESSAGE, failedAttempt, firstLoadRange } from '../../src/modules/etl';

const first = { retryCount: 0, retryLimit: 3 };
const last = { retryCount: 3, retryLimit: 3 };

describe('a failed load attempt', () => {
  it('is pending, not failed, while pg-boss has attempts left for a transient failure', () => {
    for (const error of [
      new ProviderError('unavailable', 'Service Unavailable', 503, 'google_ads'),
      new ProviderError('rate_limited', 'Too many requests', 429, 'google_ads'),
      new Error('warehouse engine error'),
    ]) {
      expect(failedAttempt(error, first)).toEqual({ status: 'pending', retry: true });
      expect(failedAttempt(error, { retryCount: 2, retryLimit: 3 }).status).toBe('pending');
    }
  });

  it('fails on the last attempt, with the provider message or ours', () => {
    expect(failedAttempt(new ProviderError('unavailable', 'Backend Error', 503, 'google_ads'), last)).toEqual(
      {
        status: 'failed',
        error: 'Backend Error',
        reconnect: false,
      },
    );
    expect(failedAttempt(new Error('IO Error: disk full at /var/x'), last)).toEqual({
      status: 'failed',
      error: LOAD_FAILED_MESSAGE,
      reconnect: false,
    });
  });

  it('fails at once when the provider refuses, and asks for a reconnect when the grant is gone', () => {
    expect(
      failedAttempt(new ProviderError('provider', 'Customer not enabled', 403, 'google_ads'), first),
    ).toEqual({ status: 'failed', error: 'Customer not enabled', reconnect: false });
    expect(
      failedAttempt(new ProviderError('reauthorization_required', 'invalid_grant', 400, 'google_ads'), first),
    ).toEqual({ status: 'failed', error: 'invalid_grant', reconnect: true });
  });
});

describe('the first load range', () => {
  it('covers the plan years of history up to yesterday, both ends inclusive', () => {
    expect(firstLoadRange(2, new Date('2026-11-21T10:00:00Z'))).toEqual({
      from: '2024-11-21',
      to: '2026-11-20',
    });
    expect(firstLoadRange(1, new Date('2024-03-01T00:30:00Z'))).toEqual({
      from: '2023-03-01',
      to: '2024-02-29',
    });
    expect(firstLoadRange(1, new Date('2025-01-01T23:59:59Z'))).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
    });
  });

  it('keeps only the last days when FIRST_LOAD_MAX_DAYS limits it (development and tests)', () => {
    expect(firstLoadRange(2, new Date('2026-11-21T10:00:00Z'), 120)).toEqual({
      from: '2026-07-24',
      to: '2026-11-20',
    });
    // A limit longer than the plan's years changes nothing.
    expect(firstLoadRange(1, new Date('2026-11-21T10:00:00Z'), 3_000)).toEqual({
      from: '2025-11-21',
      to: '2026-11-20',
    });
  });
});
