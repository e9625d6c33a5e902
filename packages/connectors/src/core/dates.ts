// Date helpers for extraction: ISO dates (YYYY-MM-DD) in UTC, inclusive ranges.
import type { DateRange } from './types';

const DAY_MS = 86_400_000;

export function parseIsoDate(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(ms)) throw new RangeError(`Not an ISO date: ${date}`);
  return ms;
}

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return isoDate(parseIsoDate(date) + days * DAY_MS);
}

/** Every date of the range, in order. */
export function* eachDay(range: DateRange): Generator<string> {
  const end = parseIsoDate(range.to);
  for (let ms = parseIsoDate(range.from); ms <= end; ms += DAY_MS) yield isoDate(ms);
}

/** The range cut into consecutive windows of at most `days` days (providers cap report spans). */
export function* windows(range: DateRange, days: number): Generator<DateRange> {
  const end = parseIsoDate(range.to);
  for (let start = parseIsoDate(range.from); start <= end; start += days * DAY_MS) {
    yield { from: isoDate(start), to: isoDate(Math.min(end, start + (days - 1) * DAY_MS)) };
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
