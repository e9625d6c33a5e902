import { unreachable } from '@maya/contracts';
// Calendar arithmetic of report filters, on `YYYY-MM-DD` days in UTC (the reports' time zone).
// Weeks start on Monday (ISO 8601), as DATE_TRUNC('week') does in every engine we compile to.
import type { DateRange, RelativeDateFilter, TimeGrain } from '@maya/contracts';

const MS_PER_DAY = 86_400_000;

/** The UTC day of an instant. */
export function utcDay(now: Date): string {
  if (Number.isNaN(now.getTime())) throw new Error('now is an invalid date');
  return now.toISOString().slice(0, 10);
}

function parts(day: string): { y: number; m: number; d: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (match === null) throw new Error(`not a YYYY-MM-DD day: ${day}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

// Days outside years 1 to 9999 (in the last 10000 years) are clamped to them.
const FIRST_DAY = '0001-01-01';
const LAST_DAY = '9999-12-31';
const MIN_MS = Date.parse(`${FIRST_DAY}T00:00:00Z`);
const MAX_MS = Date.parse(`${LAST_DAY}T00:00:00Z`);

/** Date.UTC without its mapping of years 0-99 to 1900-1999; month 0-based, overflow carries. */
function utc(y: number, month: number, d: number): number {
  const date = new Date(0);
  date.setUTCFullYear(y, month, d);
  return date.getTime();
}

function fromUtc(ms: number): string {
  return new Date(Math.min(Math.max(ms, MIN_MS), MAX_MS)).toISOString().slice(0, 10);
}

function toUtc(day: string): number {
  const { y, m, d } = parts(day);
  return utc(y, m - 1, d);
}

/** Whether the text is a real `YYYY-MM-DD` day (not 2024-02-30). */
export function isIsoDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && fromUtc(toUtc(text)) === text;
}

export function addDays(day: string, days: number): string {
  return fromUtc(toUtc(day) + days * MS_PER_DAY);
}

/** Adds months, clamping to the month's last day (31 January + 1 month = 28 or 29 February). */
export function addMonths(day: string, months: number): string {
  const { y, m, d } = parts(day);
  const first = new Date(utc(y, m - 1 + months, 1));
  const lastDay = new Date(utc(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return fromUtc(utc(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, lastDay)));
}

/** Days from `from` to `to`, both counted (1 for a single day). */
export function daysBetween(range: DateRange): number {
  return Math.round((toUtc(range.to) - toUtc(range.from)) / MS_PER_DAY) + 1;
}

/** Moves a day by `count` units (months, quarters and years clamp to the month's end). */
export function addUnits(day: string, unit: TimeGrain, count: number): string {
  switch (unit) {
    case 'day':
      return addDays(day, count);
    case 'week':
      return addDays(day, 7 * count);
    case 'month':
      return addMonths(day, count);
    case 'quarter':
      return addMonths(day, 3 * count);
    case 'year':
      return addMonths(day, 12 * count);
    default:
      return unreachable(unit);
  }
}

/** The first day of the period of `unit` that contains `day`. */
export function startOf(day: string, unit: TimeGrain): string {
  const { y, m } = parts(day);
  switch (unit) {
    case 'day':
      return day;
    case 'week': {
      const weekday = (new Date(toUtc(day)).getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
      return addDays(day, -weekday);
    }
    case 'month':
      return fromUtc(utc(y, m - 1, 1));
    case 'quarter':
      return fromUtc(utc(y, m - 1 - ((m - 1) % 3), 1));
    case 'year':
      return fromUtc(utc(y, 0, 1));
    default:
      return unreachable(unit);
  }
}

/**
 * The days a relative date filter keeps, as of `now` (UTC), both ends included:
 * - in the last N units: the N units that end today (in the last 7 days: today and the 6 before;
 *   in the last 1 month on 15 March: 16 February to 15 March);
 * - in this unit: the calendar period containing today (this quarter: 1 January to 31 March);
 * - in the next N units: the N units that start today.
 */
export function resolveRelativeDate(
  filter: Pick<RelativeDateFilter, 'operator' | 'count' | 'unit'>,
  now: Date,
): DateRange {
  const today = utcDay(now);
  const count = filter.count ?? 1;
  switch (filter.operator) {
    case 'in_the_last': {
      const before = addUnits(today, filter.unit, -count);
      return { from: before === FIRST_DAY ? FIRST_DAY : addDays(before, 1), to: today };
    }
    case 'in_this': {
      const from = startOf(today, filter.unit);
      return { from, to: addDays(addUnits(from, filter.unit, 1), -1) };
    }
    case 'in_the_next': {
      const after = addUnits(today, filter.unit, count);
      return { from: today, to: after === LAST_DAY ? LAST_DAY : addDays(after, -1) };
    }
    default:
      return unreachable(filter.operator);
  }
}

/** How many whole calendar months the range spans exactly (1 January-31 March: 3); null if not whole months. */
function wholeMonths(range: DateRange): number | null {
  if (startOf(range.from, 'month') !== range.from) return null;
  if (addDays(range.to, 1) !== startOf(addDays(range.to, 1), 'month')) return null;
  const from = parts(range.from);
  const after = parts(addDays(range.to, 1));
  return (after.y - from.y) * 12 + (after.m - from.m);
}

/**
 * The days a KPI compares, like with like: the current period stops at the last day with data
 * (`through`) when it runs past it ("in this year" on 28 November is 1 January to the day the
 * data reaches), and the previous period is the same days one period earlier:
 * - a period of whole calendar months (a month, a quarter, a year) is moved by that many months:
 *   this month to the 27th against the 1st to the 27th of last month, this year to date against
 *   the same days of last year, March against February (days past a shorter month's end clamp);
 * - any other period (the last 30 days, this week, a chosen range) by its length in days, so
 *   this week to Wednesday compares with Monday to Wednesday of last week.
 * A period the data reaches the end of is compared whole with the one just before it.
 */
export function comparedPeriods(
  period: DateRange,
  through: string | null,
): { current: DateRange; previous: DateRange } {
  const cut = through !== null && through >= period.from && through < period.to;
  const current = cut ? { from: period.from, to: through } : period;
  const months = wholeMonths(period);
  const back = (day: string) =>
    months === null ? addDays(day, -daysBetween(period)) : addMonths(day, -months);
  return { current, previous: { from: back(current.from), to: back(current.to) } };
}
