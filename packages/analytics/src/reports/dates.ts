import { unreachable } from '@maya/contracts';
// Calendar arithmetic of report filters, on `YYYY-MM-DD` days in UTC (the reports' time zone).
// Weeks start on Monday (ISO 8601), as DATE_TRUNC('week') does in every engine we compile to.
import {
  addDays,
  addMonths,
  daysBetween,
  FIRST_ISO_DAY as FIRST_DAY,
  isIsoDay,
  isoWeekday,
  LAST_ISO_DAY as LAST_DAY,
  utcDay,
  type DateRange,
  type RelativeDateFilter,
  type TimeGrain,
} from '@maya/contracts';

// Day arithmetic (utcDay, addDays, addMonths, daysBetween...) is @maya/contracts' days.ts; it is
// re-exported here for the report compilers that import it beside the calendar rules below.
export { addDays, addMonths, daysBetween, isIsoDay, utcDay } from '@maya/contracts';

function parts(day: string): { y: number; m: number } {
  if (!isIsoDay(day)) throw new Error(`not a YYYY-MM-DD day: ${day}`);
  return { y: Number(day.slice(0, 4)), m: Number(day.slice(5, 7)) };
}

/** The first day of month `m` (1-12) of year `y`. */
function monthStart(y: number, m: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`;
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
    case 'week':
      return addDays(day, -isoWeekday(day));
    case 'month':
      return monthStart(y, m);
    case 'quarter':
      return monthStart(y, m - ((m - 1) % 3));
    case 'year':
      return monthStart(y, 1);
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
