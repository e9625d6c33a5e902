import { afterEach, describe, expect, it } from 'vitest';
import {
  parseDay,
  addDays,
  addMonths,
  dayInTimeZone,
  daysBetween,
  FIRST_ISO_DAY,
  isIsoDay,
  isoWeekday,
  LAST_ISO_DAY,
  localDay,
  utcDay,
  utcDayStart,
} from './days';

describe('days of an instant', () => {
  const lateEveningInNewYork = new Date('2026-03-01T23:30:00-05:00'); // 04:30 UTC on 2 March

  it('utcDay reads the UTC calendar, whatever the offset the instant was written with', () => {
    expect(utcDay(lateEveningInNewYork)).toBe('2026-03-02');
    expect(utcDay(lateEveningInNewYork.getTime())).toBe('2026-03-02');
    expect(utcDay(Date.parse('2026-03-02T00:00:00Z'))).toBe('2026-03-02');
    expect(utcDay(Date.parse('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01');
  });

  it('dayInTimeZone reads the wall calendar of the zone', () => {
    const instant = Date.parse('2026-03-02T03:00:00Z');
    expect(dayInTimeZone(instant, 'America/Los_Angeles')).toBe('2026-03-01');
    expect(dayInTimeZone(instant, 'UTC')).toBe('2026-03-02');
    expect(dayInTimeZone(instant, 'Asia/Tokyo')).toBe('2026-03-02');
    // Kiritimati (UTC+14) is a day ahead of Honolulu (UTC-10) for most of the UTC day.
    expect(dayInTimeZone(Date.parse('2026-03-02T11:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-03-03');
    expect(dayInTimeZone(Date.parse('2026-03-02T11:00:00Z'), 'Pacific/Honolulu')).toBe('2026-03-02');
  });

  it('dayInTimeZone follows daylight-saving time', () => {
    // Berlin is UTC+1 in winter and UTC+2 in summer: 22:30 UTC is still the same day in January
    // and already the next one in July.
    expect(dayInTimeZone(Date.parse('2026-01-15T22:30:00Z'), 'Europe/Berlin')).toBe('2026-01-15');
    expect(dayInTimeZone(Date.parse('2026-07-15T22:30:00Z'), 'Europe/Berlin')).toBe('2026-07-16');
  });

  describe('localDay reads the process time zone', () => {
    const saved = process.env.TZ;
    afterEach(() => {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    });

    it('differs from the UTC day where the local day does', () => {
      const instant = Date.parse('2026-03-02T11:00:00Z');
      process.env.TZ = 'Pacific/Kiritimati';
      expect(localDay(instant)).toBe('2026-03-03');
      process.env.TZ = 'Pacific/Honolulu';
      expect(localDay(instant)).toBe('2026-03-02');
      expect(localDay(Date.parse('2026-03-02T09:00:00Z'))).toBe('2026-03-01');
      expect(utcDay(Date.parse('2026-03-02T09:00:00Z'))).toBe('2026-03-02');
    });
  });

  it('refuses an invalid instant and an unknown zone', () => {
    expect(() => utcDay(new Date('not a date'))).toThrow(RangeError);
    expect(() => localDay(Number.NaN)).toThrow(RangeError);
    expect(() => dayInTimeZone(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('day arithmetic', () => {
  it('isIsoDay accepts real days only', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2023-02-29')).toBe(false);
    expect(isIsoDay('2024-02-30')).toBe(false);
    expect(isIsoDay('2024-2-3')).toBe(false);
    expect(isIsoDay('2024-02-03T00:00:00Z')).toBe(false);
    expect(isIsoDay('0000-01-01')).toBe(false);
    expect(isIsoDay('0099-12-31')).toBe(true);
  });

  it('utcDayStart is the UTC midnight of the day and refuses anything else', () => {
    expect(utcDayStart('2026-03-02')).toBe(Date.parse('2026-03-02T00:00:00Z'));
    expect(() => utcDayStart('2026-02-30')).toThrow(RangeError);
    expect(() => utcDayStart('yesterday')).toThrow(RangeError);
  });

  it('addDays crosses months, years and leap days, and is not moved by daylight-saving time', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    // Europe's clocks go forward on 29 March 2026: a local-time implementation loses an hour here.
    const saved = process.env.TZ;
    process.env.TZ = 'Europe/Berlin';
    try {
      expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
      expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it('addDays clamps to years 1 to 9999', () => {
    expect(addDays('0001-01-05', -10)).toBe(FIRST_ISO_DAY);
    expect(addDays('9999-12-30', 10)).toBe(LAST_ISO_DAY);
    expect(addDays('0050-06-01', 1)).toBe('0050-06-02');
  });

  it('addMonths clamps to the end of a shorter month', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2024-05-15', 12)).toBe('2025-05-15');
  });

  it('daysBetween counts both ends', () => {
    expect(daysBetween({ from: '2026-03-01', to: '2026-03-01' })).toBe(1);
    expect(daysBetween({ from: '2026-03-28', to: '2026-03-30' })).toBe(3);
    expect(daysBetween({ from: '2024-01-01', to: '2024-12-31' })).toBe(366);
  });

  it('isoWeekday starts weeks on Monday', () => {
    expect(isoWeekday('2026-11-30')).toBe(0); // a Monday
    expect(isoWeekday('2026-11-29')).toBe(6); // a Sunday
  });
});

describe('days typed', () => {
  it('reads a day as the UI shows it, DD/MM/YYYY, and ISO days', () => {
    expect(parseDay('04/03/2025')).toBe('2025-03-04');
    expect(parseDay(' 4/3/2025 ')).toBe('2025-03-04');
    expect(parseDay('04.03.2025')).toBe('2025-03-04');
    expect(parseDay('2024-02-29')).toBe('2024-02-29');
  });

  it('refuses what is not a day of the calendar', () => {
    for (const text of ['31/02/2026', '29/02/2025', '03/2025', '13/13/2025', '2025-3-4', '']) {
      expect(parseDay(text), text).toBeNull();
    }
  });
});
