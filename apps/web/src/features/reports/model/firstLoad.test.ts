import { describe, expect, it } from 'vitest';
import { serviceAccountFixture } from '../testFixtures';
import { firstLoadState } from './firstLoad';

const account = serviceAccountFixture;

const at = (time: string) => new Date(`2026-11-28T${time}.000Z`);

describe('the first load before any data reaches the reports', () => {
  it('asks for a source when none is connected', () => {
    expect(firstLoadState([], at('10:00:00'))).toEqual({ kind: 'no_source' });
  });

  it('shows the progress, the accounts loading now, and no estimate before one has loaded', () => {
    const running = account({ name: 'Acme Ads', sync_status: 'running' });
    expect(firstLoadState([running, account()], at('10:01:00'))).toEqual({
      kind: 'loading',
      loaded: 0,
      total: 2,
      percent: 0,
      running: ['Acme Ads'],
      minutesLeft: null,
      failed: [],
    });
  });

  it('estimates the time left by the pace of the accounts already loaded', () => {
    // One account took 4 minutes; two are left, the oldest at it for 1 minute: 8 - 1 = 7.
    const loaded = account({ sync_status: 'finished', last_synced_at: '2026-11-28T10:04:00.000Z' });
    const running = account({ sync_status: 'running', connected_at: '2026-11-28T10:04:00.000Z' });
    const state = firstLoadState(
      [loaded, running, account({ connected_at: '2026-11-28T10:04:00.000Z' })],
      at('10:05:00'),
    );
    expect(state).toMatchObject({ kind: 'loading', loaded: 1, total: 3, percent: 33, minutesLeft: 7 });
    // Later than the pace says: still at least a minute while anything is left.
    expect(firstLoadState([loaded, running], at('11:00:00'))).toMatchObject({ minutesLeft: 1 });
  });

  it('keeps loading while one account failed and others go on, listing the failure', () => {
    const failed = account({
      name: 'Old Ads',
      sync_status: 'failed',
      sync_error: 'The provider refused the request.',
    });
    expect(firstLoadState([failed, account({ sync_status: 'running' })], at('10:01:00'))).toMatchObject({
      kind: 'loading',
      failed: [{ name: 'Old Ads', reason: 'The provider refused the request.', needsReconnect: false }],
    });
  });

  it('has failed once nothing loads any more and nothing loaded, with each reason and the fix', () => {
    const revoked = account({
      name: 'Revoked',
      sync_status: 'failed',
      sync_error: null,
      needs_reconnect: true,
    });
    const broken = account({ name: 'Broken', sync_status: 'failed', sync_error: 'Quota exceeded.' });
    expect(firstLoadState([revoked, broken], at('10:30:00'))).toEqual({
      kind: 'failed',
      failed: [
        { uuid: revoked.uuid, name: 'Revoked', service: 'google_ads', reason: null, needsReconnect: true },
        {
          uuid: broken.uuid,
          name: 'Broken',
          service: 'google_ads',
          reason: 'Quota exceeded.',
          needsReconnect: false,
        },
      ],
    });
  });

  it('counts an account that loaded before and failed since as loaded (the reports are being prepared)', () => {
    const earlier = account({ sync_status: 'failed', last_synced_at: '2026-11-27T10:00:00.000Z' });
    expect(firstLoadState([earlier], at('10:00:00'))).toMatchObject({
      kind: 'loading',
      loaded: 1,
      percent: 100,
      running: [],
      minutesLeft: null,
    });
  });
});
