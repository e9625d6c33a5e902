// The period a prompt asks for: relative ("last 30 days", "past month", "this month", "next
// week"), a day ("yesterday", "2025-03-05", "5 March"), or a period of the calendar ("last
// month", "Q3 2025", "March", "since March", "before 2025", "from May to July 2025"). Days are
// `YYYY-MM-DD` in UTC, as the report filters' are; a month or quarter named without a year is its
// latest one begun ("since March" in February is since March of the year before).
//
// "Last month" is the calendar month before this one, as the ad platforms' date pickers (Google
// Ads, Meta, Microsoft) and analytics tools mean it; a count ("last 30 days", "last 3 months") or
// "past"/"trailing" ("past month") is a rolling window that ends today.
import { reportLimits, type TimeGrain } from '@maya/contracts';
import { addDays, addUnits, isIsoDay, startOf } from '../dates';
import type { Span, Token } from './text';

export type RelativeOperator = 'in_the_last' | 'in_this' | 'in_the_next';

export type DateIntent =
  | { kind: 'relative'; operator: RelativeOperator; count: number | null; unit: TimeGrain }
  | { kind: 'day'; day: string }
  /** Both days included; null: open on that side. Never both null. */
  | { kind: 'period'; from: string | null; to: string | null };

export type DateMatch = { span: Span; intent: DateIntent };

const UNITS: Record<string, TimeGrain> = {
  day: 'day',
  days: 'day',
  week: 'week',
  weeks: 'week',
  wk: 'week',
  wks: 'week',
  month: 'month',
  months: 'month',
  mo: 'month',
  mos: 'month',
  quarter: 'quarter',
  quarters: 'quarter',
  qtr: 'quarter',
  qtrs: 'quarter',
  year: 'year',
  years: 'year',
  yr: 'year',
  yrs: 'year',
};

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fourteen: 14,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  sixty: 60,
  ninety: 90,
};

const MONTHS = [
  ['january', 'jan'],
  ['february', 'feb'],
  ['march', 'mar'],
  ['april', 'apr'],
  ['may'],
  ['june', 'jun'],
  ['july', 'jul'],
  ['august', 'aug'],
  ['september', 'sep', 'sept'],
  ['october', 'oct'],
  ['november', 'nov'],
  ['december', 'dec'],
];

const TO_DATE: Record<string, TimeGrain> = { wtd: 'week', mtd: 'month', qtd: 'quarter', ytd: 'year' };

const LAST = new Set(['last', 'past', 'previous', 'prior', 'trailing', 'recent']);
/** Without a count, these name the calendar unit before the current one ("last month"). */
const CALENDAR_LAST = new Set(['last', 'previous', 'prior']);
const LEADING = new Set(['in', 'during', 'for', 'over', 'within', 'the', 'on', 'of']);

const word = (tokens: readonly Token[], i: number) => tokens[i]?.word ?? '';

/** A period of the calendar the prompt names, the token after it, and whether it named a year. */
type Point = { from: string; to: string; end: number; yearGiven: boolean };

function monthOf(word: string | undefined): number | null {
  if (word === undefined) return null;
  const index = MONTHS.findIndex((names) => names.includes(word));
  return index === -1 ? null : index + 1;
}

function yearOf(word: string | undefined): number | null {
  if (word === undefined || !/^\d{4}$/.test(word)) return null;
  const year = Number(word);
  return year >= 1990 && year <= 2100 ? year : null;
}

function dayOfMonth(word: string | undefined): number | null {
  const match = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(word ?? '');
  if (match === null) return null;
  const day = Number(match[1]);
  return day >= 1 && day <= 31 ? day : null;
}

function countOf(word: string | undefined): number | null {
  if (word === undefined) return null;
  const count = /^\d+$/.test(word) ? Number(word) : (NUMBER_WORDS[word] ?? null);
  if (count === null) return null;
  return count >= reportLimits.relativeDateCountMin && count <= reportLimits.relativeDateCountMax
    ? count
    : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayText = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
const endOf = (from: string, unit: TimeGrain) => addDays(addUnits(from, unit, 1), -1);

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

/** The whole calendar unit before the one containing today: last week is Monday to Sunday. */
function previousUnit(today: string, unit: TimeGrain): DateIntent {
  const current = startOf(today, unit);
  const from = addUnits(current, unit, -1);
  const to = addDays(current, -1);
  return from === to ? { kind: 'day', day: from } : { kind: 'period', from, to };
}

function unitAt(tokens: readonly Token[], i: number): TimeGrain | null {
  return UNITS[tokens[i]?.word ?? ''] ?? null;
}

/** The date phrase starting exactly at token i, or null. */
function dateAt(tokens: readonly Token[], i: number, today: string): DateMatch | null {
  const w = word(tokens, i);
  const span = (end: number) => ({ start: i, end });
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
    const point = pointAt(tokens, start, today, false);
    if (point === null) return null;
    const both =
      w === 'from' ? twoPoints(tokens, start, ['to', 'until', 'till', 'through', 'thru'], today) : null;
    if (both !== null) {
      return {
        span: span(both.last.end),
        intent: { kind: 'period', from: both.first.from, to: both.last.to },
      };
    }
    const from = w === 'after' ? addDays(point.to, 1) : point.from;
    return { span: span(point.end), intent: { kind: 'period', from, to: null } };
  }
  if (w === 'between') {
    const both = twoPoints(tokens, i + 1, ['and'], today);
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
