// The words date phrases are made of (units, counts, months, "last", "YTD", range links) and
// the small readers of one token each, for dates.ts and for typo correction.
import { reportLimits, type TimeGrain } from '@maya/contracts';
import { addDays, addUnits } from '../dates';
import { DASH, type Token } from './text';

export const UNITS: Record<string, TimeGrain> = {
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

export const NUMBER_WORDS: Record<string, number> = {
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

export const MONTHS = [
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

export const TO_DATE: Record<string, TimeGrain> = { wtd: 'week', mtd: 'month', qtd: 'quarter', ytd: 'year' };

export const LAST = new Set(['last', 'past', 'previous', 'prior', 'trailing', 'recent']);
/** Without a count, these name the calendar unit before the current one ("last month"). */
export const CALENDAR_LAST = new Set(['last', 'previous', 'prior']);
/** What joins the two ends of a range ("from May to July", "1-15 Oct"). */
export const RANGE_LINKS: readonly string[] = ['to', 'until', 'till', 'through', 'thru', DASH];
export const LEADING = new Set(['in', 'during', 'for', 'over', 'within', 'the', 'on', 'of']);

export const word = (tokens: readonly Token[], i: number) => tokens[i]?.word ?? '';

/** Every word a date phrase is made of, for typo correction ("lsat mnth" is "last month"). */
export const DATE_WORDS: readonly string[] = [
  ...MONTHS.flat(),
  ...Object.keys(UNITS),
  ...Object.keys(NUMBER_WORDS),
  ...Object.keys(TO_DATE),
  ...LAST,
  'next',
  'coming',
  'this',
  'current',
  'today',
  'yesterday',
  'since',
  'from',
  'after',
  'before',
  'until',
  'till',
  'through',
  'between',
  'starting',
  'date',
  'half',
  'first',
  'second',
  'third',
  'fourth',
  'final',
];

export function monthOf(word: string | undefined): number | null {
  if (word === undefined) return null;
  const index = MONTHS.findIndex((names) => names.includes(word));
  return index === -1 ? null : index + 1;
}

export function yearOf(word: string | undefined): number | null {
  if (word === undefined || !/^\d{4}$/.test(word)) return null;
  const year = Number(word);
  return year >= 1990 && year <= 2100 ? year : null;
}

export function dayOfMonth(word: string | undefined): number | null {
  const match = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(word ?? '');
  if (match === null) return null;
  const day = Number(match[1]);
  return day >= 1 && day <= 31 ? day : null;
}

export function countOf(word: string | undefined): number | null {
  if (word === undefined) return null;
  const count = /^\d+$/.test(word) ? Number(word) : (NUMBER_WORDS[word] ?? null);
  if (count === null) return null;
  return count >= reportLimits.relativeDateCountMin && count <= reportLimits.relativeDateCountMax
    ? count
    : null;
}

export const pad = (n: number, width = 2) => String(n).padStart(width, '0');
export const dayText = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
export const endOf = (from: string, unit: TimeGrain) => addDays(addUnits(from, unit, 1), -1);

export const ORDINALS: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
};

export function unitAt(tokens: readonly Token[], i: number): TimeGrain | null {
  return UNITS[tokens[i]?.word ?? ''] ?? null;
}
