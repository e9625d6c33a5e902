// Date ranges of extraction, over the ISO days of @maya/contracts (days.ts: utcDay, addDays...):
// inclusive ranges cut into days and provider-sized windows, and compact YYYYMMDD dates.
import { DAY_MS, utcDay, utcDayStart } from '@maya/contracts';
import type { DateRange } from './types';

/** Every date of the range, in order. */
export function* eachDay(range: DateRange): Generator<string> {
  const end = utcDayStart(range.to);
  for (let ms = utcDayStart(range.from); ms <= end; ms += DAY_MS) yield utcDay(ms);
}

/** The range cut into consecutive windows of at most `days` days (providers cap report spans). */
export function* windows(range: DateRange, days: number): Generator<DateRange> {
  const end = utcDayStart(range.to);
  for (let start = utcDayStart(range.from); start <= end; start += days * DAY_MS) {
    yield { from: utcDay(start), to: utcDay(Math.min(end, start + (days - 1) * DAY_MS)) };
  }
}

/** A compact date (YYYYMMDD: GA4's date dimension, BigQuery export table suffixes) as an ISO date. */
export function fromCompactDate(value: string): string {
  if (!/^\d{8}$/.test(value)) throw new RangeError(`Not a YYYYMMDD date: ${value}`);
  return `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
}

/** An ISO date as YYYYMMDD. */
export function compactDate(date: string): string {
  return date.replaceAll('-', '');
}
