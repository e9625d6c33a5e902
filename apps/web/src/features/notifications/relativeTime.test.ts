import { describe, expect, it } from 'vitest';
import { formatSentOn, relativeTime } from './relativeTime';

const now = new Date('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it('says Just now under a minute, and for a date ahead of the clock', () => {
    expect(relativeTime(ago(0), now)).toBe('Just now');
    expect(relativeTime(ago(59_999), now)).toBe('Just now');
    expect(relativeTime(ago(-5 * MINUTE), now)).toBe('Just now');
  });

  it('counts minutes, hours and days, singular for one', () => {
    expect(relativeTime(ago(MINUTE), now)).toBe('1 minute ago');
    expect(relativeTime(ago(59 * MINUTE), now)).toBe('59 minutes ago');
    expect(relativeTime(ago(HOUR), now)).toBe('1 hour ago');
    expect(relativeTime(ago(23 * HOUR + 59 * MINUTE), now)).toBe('23 hours ago');
    expect(relativeTime(ago(DAY), now)).toBe('1 day ago');
    expect(relativeTime(ago(364 * DAY), now)).toBe('364 days ago');
  });

  it("says 'more than 1 year ago' from 365 to 729 days, then years", () => {
    expect(relativeTime(ago(365 * DAY), now)).toBe('more than 1 year ago');
    expect(relativeTime(ago(729 * DAY + 23 * HOUR), now)).toBe('more than 1 year ago');
    expect(relativeTime(ago(730 * DAY), now)).toBe('2 years ago');
    expect(relativeTime(ago(1200 * DAY), now)).toBe('3 years ago');
  });

  it('answers nothing for a date it cannot read', () => {
    expect(relativeTime('not a date', now)).toBe('');
    expect(formatSentOn('not a date')).toBe('');
  });

  it('shows the sent date as DD/MM/YYYY HH:mm', () => {
    expect(formatSentOn(new Date(2026, 2, 5, 14, 7).toISOString())).toBe('05/03/2026 14:07');
  });
});
