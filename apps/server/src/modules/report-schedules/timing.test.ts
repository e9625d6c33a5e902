import { describe, expect, it } from 'vitest';
import { isTimeZone, nextOccurrence, retryAt, zonedInstant, type Calendar } from './timing';

const calendar = (over: Partial<Calendar>): Calendar => ({
  frequency: 'daily',
  weekday: null,
  monthDay: null,
  hour: 8,
  timeZone: 'UTC',
  ...over,
});
const at = (iso: string) => new Date(iso);
const next = (over: Partial<Calendar>, after: string) =>
  nextOccurrence(calendar(over), at(after)).toISOString();

describe('a schedule delivers', () => {
  it('daily at its hour in its zone: today when still ahead, else tomorrow', () => {
    expect(next({ timeZone: 'Europe/Berlin' }, '2026-11-29T05:00:00Z')).toBe('2026-11-29T07:00:00.000Z');
    expect(next({ timeZone: 'Europe/Berlin' }, '2026-11-29T07:00:00Z')).toBe('2026-11-30T07:00:00.000Z');
    expect(next({ timeZone: 'America/New_York', hour: 18 }, '2026-11-29T23:30:00Z')).toBe(
      '2026-11-30T23:00:00.000Z',
    );
    // Tokyo's Monday 08:00 is Sunday 23:00 UTC.
    expect(next({ timeZone: 'Asia/Tokyo' }, '2026-11-29T12:00:00Z')).toBe('2026-11-29T23:00:00.000Z');
  });

  it('weekly on its ISO weekday, in the zone whose calendar says which day it is', () => {
    // 2026-11-29 is a Sunday.
    expect(next({ frequency: 'weekly', weekday: 1 }, '2026-11-29T12:00:00Z')).toBe(
      '2026-11-30T08:00:00.000Z',
    );
    expect(next({ frequency: 'weekly', weekday: 7 }, '2026-11-29T07:59:59Z')).toBe(
      '2026-11-29T08:00:00.000Z',
    );
    expect(next({ frequency: 'weekly', weekday: 7 }, '2026-11-29T08:00:00Z')).toBe(
      '2026-12-06T08:00:00.000Z',
    );
    // Already Monday 01:00 in Auckland (UTC+13) at Sunday 12:00 UTC: its 08:00 is that day's.
    expect(
      next({ frequency: 'weekly', weekday: 1, timeZone: 'Pacific/Auckland' }, '2026-11-29T12:00:00Z'),
    ).toBe('2026-11-29T19:00:00.000Z');
    expect(
      next({ frequency: 'weekly', weekday: 1, timeZone: 'Pacific/Auckland' }, '2026-11-29T19:00:00Z'),
    ).toBe('2026-12-06T19:00:00.000Z');
  });

  it('monthly on its day, the next month once it is past', () => {
    expect(next({ frequency: 'monthly', monthDay: 1 }, '2026-11-29T12:00:00Z')).toBe(
      '2026-12-01T08:00:00.000Z',
    );
    expect(next({ frequency: 'monthly', monthDay: 28 }, '2027-01-29T00:00:00Z')).toBe(
      '2027-02-28T08:00:00.000Z',
    );
    expect(
      next({ frequency: 'monthly', monthDay: 15, hour: 0, timeZone: 'Europe/Paris' }, '2026-12-14T23:30:00Z'),
    ).toBe('2027-01-14T23:00:00.000Z');
  });

  it('keeps its wall-clock hour across daylight saving changes', () => {
    // Berlin: UTC+2 until 25 October 2026, UTC+1 after; UTC+1 until 28 March 2027, UTC+2 after.
    expect(next({ timeZone: 'Europe/Berlin' }, '2026-10-24T12:00:00Z')).toBe('2026-10-25T07:00:00.000Z');
    expect(next({ timeZone: 'Europe/Berlin' }, '2026-10-23T12:00:00Z')).toBe('2026-10-24T06:00:00.000Z');
    expect(next({ timeZone: 'Europe/Berlin' }, '2027-03-28T12:00:00Z')).toBe('2027-03-29T06:00:00.000Z');
    // 02:00 does not exist in Berlin on 28 March 2027: the first instant after the gap (03:00).
    expect(zonedInstant(2027, 3, 28, 2, 'Europe/Berlin').toISOString()).toBe('2027-03-28T01:00:00.000Z');
  });

  it('knows IANA zones and refuses the rest', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('Europe/Berlin; DROP')).toBe(false);
  });

  it('retries a failed delivery after 5 minutes, 30 minutes and 2 hours, then gives up', () => {
    const now = at('2026-11-29T08:00:00Z');
    expect(retryAt(1, now)?.toISOString()).toBe('2026-11-29T08:05:00.000Z');
    expect(retryAt(2, now)?.toISOString()).toBe('2026-11-29T08:30:00.000Z');
    expect(retryAt(3, now)?.toISOString()).toBe('2026-11-29T10:00:00.000Z');
    expect(retryAt(4, now)).toBeNull();
  });
});
