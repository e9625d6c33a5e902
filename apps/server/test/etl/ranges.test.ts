import type { StreamSchema } from '@maya/connectors';
import { describe, expect, it } from 'vitest';
import {
  accountTimeZone,
  backfillPercent,
  backfillRange,
  chunkRange,
  gapRange,
  planLoads,
  splitFirstLoad,
  DEEP_RECHECK_DAYS,
  rereadDays,
  yesterdayIn,
} from '../../src/modules/etl';
import { firstLoadRange } from '../../src/modules/etl';

const dated = (name: string): StreamSchema => ({
  name,
  description: name,
  columns: [
    { name: 'account_id', type: 'string' },
    { name: 'date', type: 'date' },
  ],
  primaryKey: ['account_id', 'date'],
});
const snapshot: StreamSchema = {
  name: 'campaigns',
  description: 'campaigns',
  columns: [{ name: 'account_id', type: 'string' }],
  primaryKey: ['account_id'],
};

describe("an account's load ranges", () => {
  it("ends yesterday on the account's wall calendar", () => {
    const now = new Date('2026-03-02T03:00:00Z');
    expect(yesterdayIn('UTC', now)).toBe('2026-03-01');
    expect(yesterdayIn('Asia/Tokyo', now)).toBe('2026-03-01');
    expect(yesterdayIn('America/Los_Angeles', now)).toBe('2026-02-28');
    expect(firstLoadRange(1, now, 5, 'America/Los_Angeles')).toEqual({
      from: '2026-02-24',
      to: '2026-02-28',
    });
  });

  it('takes the zone the provider reports, UTC when none or an unknown one', () => {
    expect(accountTimeZone({ time_zone: 'Europe/Berlin' })).toBe('Europe/Berlin');
    expect(accountTimeZone({})).toBe('UTC');
    expect(accountTimeZone({ time_zone: 'Mars/Olympus' })).toBe('UTC');
  });

  it('starts the day after the last loaded day minus the look-back, however long ago that was', () => {
    const now = new Date('2026-03-12T10:00:00Z');
    // Loaded up to 2026-03-01, then ten days without a load: every day since, plus 3 days again.
    const earliest = '2024-03-12';
    expect(
      gapRange({ lastLoadedDay: '2026-03-01', lookbackDays: 3, timeZone: 'UTC', now, earliest }),
    ).toEqual({
      from: '2026-02-27',
      to: '2026-03-11',
    });
    // Never before the first day the plan's history keeps.
    expect(
      gapRange({
        lastLoadedDay: '2026-03-01',
        lookbackDays: 30,
        timeZone: 'UTC',
        now,
        earliest: '2026-02-25',
      }),
    ).toEqual({ from: '2026-02-25', to: '2026-03-11' });
    // But every day after the last loaded one, whatever the history.
    expect(
      gapRange({
        lastLoadedDay: '2026-03-01',
        lookbackDays: 30,
        timeZone: 'UTC',
        now,
        earliest: '2026-03-06',
      }),
    ).toEqual({ from: '2026-03-02', to: '2026-03-11' });
    // Up to date and no look-back: nothing to load.
    expect(
      gapRange({ lastLoadedDay: '2026-03-11', lookbackDays: 0, timeZone: 'UTC', now, earliest }),
    ).toBeNull();
  });

  it('re-reads 90 days once a week, the look-back in between', () => {
    const reread = (deepCheckedDay: string | null, lookbackDays = 4) =>
      rereadDays({ lookbackDays, deepCheckedDay, yesterday: '2026-03-11' });
    // Six days after the last deep re-check: the look-back.
    expect(reread('2026-03-05')).toEqual({ days: 4, deep: false });
    // Seven days after, or never: the deep re-check's 90 days.
    expect(reread('2026-03-04')).toEqual({ days: DEEP_RECHECK_DAYS, deep: true });
    expect(reread(null)).toEqual({ days: 90, deep: true });
    // A look-back the organization set longer than the deep re-check's stays.
    expect(rereadDays({ lookbackDays: 120, deepCheckedDay: null, yesterday: '2026-03-11' })).toEqual({
      days: 120,
      deep: true,
    });
    // The deep re-check's range, through gapRange: 90 days back from the day after the last loaded one.
    expect(
      gapRange({
        lastLoadedDay: '2026-03-10',
        lookbackDays: reread(null).days,
        timeZone: 'UTC',
        now: new Date('2026-03-12T10:00:00Z'),
        earliest: '2024-03-12',
      }),
    ).toEqual({ from: '2025-12-11', to: '2026-03-11' });
  });

  it('cuts long gaps into chunks and loads streams of one range together, snapshots once', () => {
    expect(chunkRange({ from: '2026-01-01', to: '2026-03-05' }, 31)).toEqual([
      { from: '2026-01-01', to: '2026-01-31' },
      { from: '2026-02-01', to: '2026-03-03' },
      { from: '2026-03-04', to: '2026-03-05' },
    ]);
    const gap = { range: { from: '2026-01-01', to: '2026-02-10' }, chunkDays: 31 };
    const plan = planLoads([dated('a'), dated('b'), snapshot], (stream) =>
      stream.name === 'b' ? { range: { from: '2026-02-01', to: '2026-02-10' }, chunkDays: 31 } : gap,
    );
    expect(plan).toEqual([
      { range: { from: '2026-01-01', to: '2026-01-31' }, streams: ['a'] },
      { range: { from: '2026-02-01', to: '2026-02-10' }, streams: ['a', 'b', 'campaigns'] },
    ]);
    // A first load is one load, whatever its length.
    const first = { range: { from: '2024-01-01', to: '2026-02-10' }, chunkDays: Number.POSITIVE_INFINITY };
    expect(planLoads([dated('a')], () => first)).toEqual([{ range: first.range, streams: ['a'] }]);
  });
});

describe('a first load, recent days first (decision 660)', () => {
  const first = { from: '2024-11-29', to: '2026-11-28' }; // two years: 730 days

  it('takes the last 90 days first and leaves the days before them for the backfill', () => {
    expect(splitFirstLoad(first, 90)).toEqual({
      recent: { from: '2026-08-31', to: '2026-11-28' },
      older: { from: '2024-11-29', to: '2026-08-30' },
    });
    // A range no longer than the recent days is one load, nothing left behind it.
    const short = { from: '2026-09-01', to: '2026-11-28' };
    expect(splitFirstLoad(short, 90)).toEqual({ recent: short, older: null });
  });

  it('backfills from the first day of the history up to the day before the loaded ones', () => {
    expect(backfillRange('2026-08-31', first.from)).toEqual({ from: '2024-11-29', to: '2026-08-30' });
    expect(backfillRange(first.from, first.from)).toBeNull();
    expect(backfillRange('2024-11-01', first.from)).toBeNull(); // a shorter plan now
  });

  it('counts the loaded share of the history, never 100 before it is complete', () => {
    expect(backfillPercent(first, '2026-08-31')).toBe(12); // 90 of 730 days
    expect(backfillPercent(first, '2024-11-30')).toBe(99);
    expect(backfillPercent(first, first.from)).toBeNull();
    expect(backfillPercent(first, null)).toBeNull();
  });

  it('cuts the older history into quarters, which the backfill loads newest first', () => {
    const chunks = chunkRange({ from: '2024-11-29', to: '2026-08-30' }, 92);
    expect(chunks[0]).toEqual({ from: '2024-11-29', to: '2025-02-28' });
    expect(chunks.at(-1)!.to).toBe('2026-08-30');
    for (let i = 1; i < chunks.length; i += 1) {
      expect(Date.parse(chunks[i]!.from) - Date.parse(chunks[i - 1]!.to)).toBe(24 * 60 * 60 * 1000);
    }
  });
});
