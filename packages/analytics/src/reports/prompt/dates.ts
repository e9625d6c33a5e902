// The period a prompt asks for: relative ("last 30 days", "past month", "this month", "next
// week"), a day ("yesterday", "2025-03-05", "5 March"), or a period of the calendar ("last
// month", "Q3 2025", "March", "since March", "before 2025", "from May to July 2025"). Days are
// `YYYY-MM-DD` in UTC, as the report filters' are; a month or quarter named without a year is its
// latest one begun ("since March" in February is since March of the year before).
//
// "Last month" is the calendar month before this one, as the ad platforms' date pickers (Google
// Ads, Meta, Microsoft) and analytics tools mean it; a count ("last 30 days", "last 3 months") or
// "past"/"trailing" ("past month") is a rolling window that ends today.
import type { TimeGrain } from '@maya/contracts';
import { addDays, addUnits, isIsoDay, startOf } from '../dates';
import {
  UNITS,
  TO_DATE,
  LAST,
  CALENDAR_LAST,
  RANGE_LINKS,
  LEADING,
  word,
  monthOf,
  yearOf,
  dayOfMonth,
  countOf,
  pad,
  dayText,
  endOf,
  ORDINALS,
  unitAt,
} from './date-words';
import { DASH, type Span, type Token } from './text';

export type RelativeOperator = 'in_the_last' | 'in_this' | 'in_the_next';

export type DateIntent =
  | { kind: 'relative'; operator: RelativeOperator; count: number | null; unit: TimeGrain }
  | { kind: 'day'; day: string }
  /** Both days included; null: open on that side. Never both null. */
  | { kind: 'period'; from: string | null; to: string | null };

export type DateMatch = { span: Span; intent: DateIntent };

/** A period of the calendar the prompt names, the token after it, and whether it named a year. */
type Point = { from: string; to: string; end: number; yearGiven: boolean };

/** The latest year in which the period starting on (month, day) has begun by today. */
function latestYear(today: string, month: number, day = 1): number {
  const year = Number(today.slice(0, 4));
  return dayText(year, month, day) <= today ? year : year - 1;
}

/**
 * A named period at token i: an ISO day, today, yesterday, "Q3 [2025]", "[2025] Q3",
 * "March [2025]", "5 March [2025]", "March 5[th] [2025]", "2025".
 */
function pointAt(
  tokens: readonly Token[],
  i: number,
  today: string,
  strict: boolean,
  yearHint: number | null = null,
): Point | null {
  const word = tokens[i]?.word;
  const next = tokens[i + 1]?.word;
  if (word === undefined) return null;
  if (isIsoDay(word)) return { from: word, to: word, end: i + 1, yearGiven: true };
  if (word === 'today') return { from: today, to: today, end: i + 1, yearGiven: true };
  if (word === 'yesterday') {
    const day = addDays(today, -1);
    return { from: day, to: day, end: i + 1, yearGiven: true };
  }
  const quarter = /^q([1-4])$/.exec(word);
  const yearFirst = yearOf(word);
  const quarterAfterYear = yearFirst !== null ? /^q([1-4])$/.exec(next ?? '') : null;
  if (quarter !== null || quarterAfterYear !== null) {
    const q = Number((quarter ?? quarterAfterYear)?.[1]);
    const month = 3 * (q - 1) + 1;
    const explicit = quarter !== null ? yearOf(next) : yearFirst;
    const year = explicit ?? yearHint ?? latestYear(today, month);
    const from = dayText(year, month, 1);
    return {
      from,
      to: endOf(from, 'quarter'),
      end: i + (explicit !== null ? 2 : 1),
      yearGiven: explicit !== null,
    };
  }
  const month = monthOf(word);
  if (month !== null) {
    const day = dayOfMonth(next);
    const afterDay = day !== null ? 2 : 1;
    const year = yearOf(tokens[i + afterDay]?.word);
    // "may" is a month only where it cannot be the verb: with a day or year, or after a preposition.
    if (word === 'may' && strict && day === null && year === null) return null;
    return monthPoint(
      today,
      month,
      day,
      year ?? yearHint,
      i + afterDay + (year !== null ? 1 : 0),
      year !== null,
    );
  }
  const day = dayOfMonth(word);
  const dayMonth = day !== null ? monthOf(next) : null;
  if (day !== null && dayMonth !== null) {
    const year = yearOf(tokens[i + 2]?.word);
    return monthPoint(today, dayMonth, day, year ?? yearHint, i + 2 + (year !== null ? 1 : 0), year !== null);
  }
  if (yearFirst !== null) {
    const from = dayText(yearFirst, 1, 1);
    return { from, to: endOf(from, 'year'), end: i + 1, yearGiven: true };
  }
  return null;
}

function monthPoint(
  today: string,
  month: number,
  day: number | null,
  year: number | null,
  end: number,
  yearGiven: boolean,
): Point | null {
  if (day === null) {
    const from = dayText(year ?? latestYear(today, month), month, 1);
    return { from, to: endOf(from, 'month'), end, yearGiven };
  }
  const text = dayText(year ?? latestYear(today, month, day), month, day);
  return isIsoDay(text) ? { from: text, to: text, end, yearGiven } : null;
}

/**
 * The two ends of "from X to Y" and "between X and Y": an end without a year takes the other's
 * ("from May to July 2025" is May 2025), the year before when it would start after Y.
 */
function twoPoints(
  tokens: readonly Token[],
  i: number,
  links: readonly string[],
  today: string,
): { first: Point; last: Point } | null {
  const bare = bareDayRange(tokens, i, links, today);
  if (bare !== null) return bare;
  const first = pointAt(tokens, i, today, false);
  if (first === null || !links.includes(word(tokens, first.end))) return null;
  const last = pointAt(tokens, first.end + 1, today, false);
  if (last === null) return null;
  if (!first.yearGiven && last.yearGiven) {
    const year = Number(last.from.slice(0, 4));
    const same = pointAt(tokens, i, today, false, year);
    const before = pointAt(tokens, i, today, false, year - 1);
    const fitting = same !== null && same.from <= last.to ? same : before;
    return fitting !== null && fitting.from <= last.to ? { first: fitting, last } : null;
  }
  return first.from <= last.to ? { first, last } : null;
}

/**
 * "1 and 15 October", "3 to 17 November", "1-15 Oct": a first end that is a day of the month
 * alone, in the month and year of the other end.
 */
function bareDayRange(
  tokens: readonly Token[],
  i: number,
  links: readonly string[],
  today: string,
): { first: Point; last: Point } | null {
  const day = dayOfMonth(word(tokens, i));
  if (day === null || !links.includes(word(tokens, i + 1))) return null;
  const last = pointAt(tokens, i + 2, today, false);
  if (last === null || last.from !== last.to) return null;
  const from = `${last.from.slice(0, 8)}${pad(day)}`;
  if (!isIsoDay(from) || from > last.to) return null;
  return { first: { from, to: from, end: i + 1, yearGiven: last.yearGiven }, last };
}

/**
 * The year a phrase names after "of" or alone: "2025", "this year", "last year"; the current
 * year when none is named. Answers the year and the token after it.
 */
function yearSpec(tokens: readonly Token[], i: number, today: string): { year: number; end: number } {
  const at = word(tokens, i) === 'of' ? i + 1 : i;
  const given = yearOf(word(tokens, at));
  if (given !== null) return { year: given, end: at + 1 };
  const current = Number(today.slice(0, 4));
  const w = word(tokens, at);
  if (unitAt(tokens, at + 1) === 'year') {
    if (w === 'this' || w === 'current') return { year: current, end: at + 2 };
    if (CALENDAR_LAST.has(w)) return { year: current - 1, end: at + 2 };
  }
  return { year: current, end: i };
}

/**
 * Weeks of a month are its days by sevens (decision 221): the first week of November is 1 to 7
 * November, the last its final seven days, whatever weekday the month starts on.
 */
function weekOfMonth(tokens: readonly Token[], i: number, today: string): DateMatch | null {
  const w = word(tokens, i);
  const nth = ORDINALS[w] ?? (w === 'last' || w === 'final' ? -1 : null);
  if (nth === null || unitAt(tokens, i + 1) !== 'week' || word(tokens, i + 2) !== 'of') return null;
  const month = monthOf(word(tokens, i + 3));
  if (month === null) return null;
  const year = yearOf(word(tokens, i + 4));
  const whole = monthPoint(today, month, null, year, i + 4 + (year === null ? 0 : 1), year !== null);
  if (whole === null) return null;
  const from = nth === -1 ? addDays(whole.to, -6) : addDays(whole.from, 7 * (nth - 1));
  const to = nth === -1 ? whole.to : addDays(from, 6) < whole.to ? addDays(from, 6) : whole.to;
  return { span: { start: i, end: whole.end }, intent: { kind: 'period', from, to } };
}

/** "first half of this year", "second half of 2025", "H1", "H2 2025": January-June, July-December. */
function halfYear(tokens: readonly Token[], i: number, today: string): DateMatch | null {
  const w = word(tokens, i);
  const h = /^h([12])$/.exec(w);
  let half: number | null = h === null ? null : Number(h[1]);
  let next = i + 1;
  if (half === null) {
    const nth = ORDINALS[w] ?? (w === 'last' ? 2 : null);
    if (nth === null || nth > 2 || word(tokens, i + 1) !== 'half') return null;
    half = nth;
    next = i + 2;
  }
  const { year, end } = yearSpec(tokens, next, today);
  const from = `${pad(year, 4)}-${half === 1 ? '01' : '07'}-01`;
  return {
    span: { start: i, end },
    intent: { kind: 'period', from, to: addDays(addUnits(from, 'month', 6), -1) },
  };
}

/** The whole calendar unit before the one containing today: last week is Monday to Sunday. */
function previousUnit(today: string, unit: TimeGrain): DateIntent {
  const current = startOf(today, unit);
  const from = addUnits(current, unit, -1);
  const to = addDays(current, -1);
  return from === to ? { kind: 'day', day: from } : { kind: 'period', from, to };
}

/** The date phrase starting exactly at token i, or null. */
function dateAt(tokens: readonly Token[], i: number, today: string): DateMatch | null {
  const w = word(tokens, i);
  const span = (end: number) => ({ start: i, end });
  const part = weekOfMonth(tokens, i, today) ?? halfYear(tokens, i, today);
  if (part !== null) return part;
  // Relative: last/past/previous [N] unit(s); this/current unit; next/coming [N] unit(s).
  if (LAST.has(w) || w === 'next' || w === 'coming') {
    const count = countOf(word(tokens, i + 1));
    const unit = unitAt(tokens, i + (count === null ? 1 : 2));
    if (unit !== null && count === null && CALENDAR_LAST.has(w)) {
      return { span: span(i + 2), intent: previousUnit(today, unit) };
    }
    if (unit !== null) {
      const operator = LAST.has(w) ? 'in_the_last' : 'in_the_next';
      const intent: DateIntent = { kind: 'relative', operator, count: count ?? 1, unit };
      return { span: span(i + (count === null ? 2 : 3)), intent };
    }
  }
  if (w === 'this' || w === 'current') {
    const unit = unitAt(tokens, i + 1);
    if (unit !== null)
      return { span: span(i + 2), intent: { kind: 'relative', operator: 'in_this', count: null, unit } };
  }
  const toDate =
    TO_DATE[w] ?? (word(tokens, i + 1) === 'to' && word(tokens, i + 2) === 'date' ? UNITS[w] : undefined);
  if (toDate !== undefined) {
    const end = TO_DATE[w] !== undefined ? i + 1 : i + 3;
    return { span: span(end), intent: { kind: 'relative', operator: 'in_this', count: null, unit: toDate } };
  }
  if (w === 'today')
    return { span: span(i + 1), intent: { kind: 'relative', operator: 'in_this', count: null, unit: 'day' } };
  // Open and closed periods: since/from/after X, before/until/through X, from X to Y, between X and Y.
  if (w === 'since' || w === 'from' || w === 'after' || w === 'starting') {
    const start = w === 'starting' && word(tokens, i + 1) === 'from' ? i + 2 : i + 1;
    const both = w === 'from' ? twoPoints(tokens, start, RANGE_LINKS, today) : null;
    if (both !== null) {
      return {
        span: span(both.last.end),
        intent: { kind: 'period', from: both.first.from, to: both.last.to },
      };
    }
    const point = pointAt(tokens, start, today, false);
    if (point === null) return null;
    const from = w === 'after' ? addDays(point.to, 1) : point.from;
    return { span: span(point.end), intent: { kind: 'period', from, to: null } };
  }
  if (w === 'between') {
    const both = twoPoints(tokens, i + 1, ['and', DASH], today);
    if (both === null) return null;
    return { span: span(both.last.end), intent: { kind: 'period', from: both.first.from, to: both.last.to } };
  }
  if (w === 'before' || w === 'until' || w === 'till' || w === 'through') {
    const point = pointAt(tokens, i + 1, today, false);
    if (point === null) return null;
    const to = w === 'before' ? addDays(point.from, -1) : point.to;
    return { span: span(point.end), intent: { kind: 'period', from: null, to } };
  }
  // A named period alone: a prepositions before it ("in March", "on 5 March") makes it sure.
  const afterLeading = LEADING.has(w) ? i + 1 : i;
  // Two ends without "from": "1-15 Oct", "Nov 1 - Nov 15", "2026-10-05 to 2026-10-11".
  const both = twoPoints(tokens, afterLeading, RANGE_LINKS, today);
  if (both !== null) {
    return { span: span(both.last.end), intent: { kind: 'period', from: both.first.from, to: both.last.to } };
  }
  const point = pointAt(tokens, afterLeading, today, afterLeading === i);
  if (point === null) return null;
  const intent: DateIntent =
    point.from === point.to
      ? { kind: 'day', day: point.from }
      : { kind: 'period', from: point.from, to: point.to };
  return { span: span(point.end), intent };
}

/**
 * The prompt's date phrase: the longest one found (the earliest of equals). A report has one
 * date filter, so a prompt sets one period; `others` counts the phrases left unused.
 */
export function findDate(
  tokens: readonly Token[],
  today: string,
): { match: DateMatch | null; others: number } {
  const found: DateMatch[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const match = dateAt(tokens, i, today);
    if (match !== null) {
      found.push(match);
      i = match.span.end - 1;
    }
  }
  const length = (m: DateMatch) => m.span.end - m.span.start;
  const best = found.reduce<DateMatch | null>((a, b) => (a === null || length(b) > length(a) ? b : a), null);
  return { match: best, others: Math.max(0, found.length - 1) };
}

/** The calendar unit the period is exactly one of (1-31 October: month), or null. */
export function calendarUnitOf(from: string, to: string): Exclude<TimeGrain, 'day'> | null {
  const units = ['week', 'month', 'quarter', 'year'] as const;
  return units.find((unit) => startOf(from, unit) === from && endOf(from, unit) === to) ?? null;
}

/** Whether the period is exactly the calendar unit that contains today ("Q4 2026" in Q4 2026). */
export function currentUnitOf(intent: DateIntent, today: string): TimeGrain | null {
  if (intent.kind !== 'period' || intent.from === null || intent.to === null) return null;
  const unit = calendarUnitOf(intent.from, intent.to);
  return unit !== null && startOf(today, unit) === intent.from ? unit : null;
}
