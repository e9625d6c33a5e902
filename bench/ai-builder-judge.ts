// How the AI Builder bench judges an answer (bench/ai-builder.ts): the expected outcome of a
// prompt against the API's answer, periods compared as the days they keep on the day of the run.
import {
  decodeReportState,
  type ReportFilter,
  type ReportState,
  type TimeGrain,
  utcDay,
} from '@maya/contracts';
import { resolveRelativeDate, visualFields } from '@maya/analytics';
import type { AdHocExpect, DateExpect, Expected } from './ai-builder-prompts';

// The calendar of the expectations, written here apart from the parser's (UTC, weeks from Monday).
const day = (d: Date) => utcDay(d);
const parse = (text: string) => new Date(`${text}T00:00:00Z`);
const addDays = (text: string, n: number) => day(new Date(parse(text).getTime() + n * 86_400_000));
const MONTHS_OF: Partial<Record<TimeGrain, number>> = { month: 1, quarter: 3, year: 12 };

function startOf(text: string, unit: TimeGrain): string {
  const d = parse(text);
  if (unit === 'day') return text;
  if (unit === 'week') return addDays(text, -((d.getUTCDay() + 6) % 7));
  const months = MONTHS_OF[unit] ?? 1;
  const month = d.getUTCMonth() - (d.getUTCMonth() % months);
  return day(new Date(Date.UTC(d.getUTCFullYear(), unit === 'year' ? 0 : month, 1)));
}

/** The first day `count` units after a first day of a unit. */
function addUnits(text: string, unit: TimeGrain, count: number): string {
  if (unit === 'day') return addDays(text, count);
  if (unit === 'week') return addDays(text, 7 * count);
  const d = parse(text);
  return day(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + count * (MONTHS_OF[unit] ?? 1), 1)));
}

type Range = { from: string | null; to: string | null };
export type Answer = { status: number; body: Record<string, unknown> };

export const now = new Date();
const today = utcDay(now);

/** An MM-DD day without a year: the latest one begun by today. */
function latest(monthDay: string): string {
  const year = Number(today.slice(0, 4));
  return `${year}-${monthDay}` <= today ? `${year}-${monthDay}` : `${year - 1}-${monthDay}`;
}

/** "MM-DD" to "YYYY-MM-DD" in the year of `from` (or the latest), else as given. */
function dayOf(text: string, yearOf: string | null = null): string {
  if (/^\d{4}-/.test(text)) return text;
  return yearOf === null ? latest(text) : `${yearOf.slice(0, 4)}-${text}`;
}

function expectedRange(date: DateExpect): Range {
  if ('last' in date)
    return resolveRelativeDate({ operator: 'in_the_last', count: date.last, unit: date.unit }, now);
  if ('this' in date) return resolveRelativeDate({ operator: 'in_this', count: null, unit: date.this }, now);
  if ('previous' in date) {
    const unit: TimeGrain = date.previous;
    const current = startOf(today, unit);
    return { from: addUnits(current, unit, -1), to: addDays(current, -1) };
  }
  if ('yesterday' in date) return { from: addDays(today, -1), to: addDays(today, -1) };
  if ('from' in date) {
    const from = dayOf(date.from);
    return { from, to: date.to === null ? null : dayOf(date.to, from) };
  }
  return { from: null, to: dayOf(date.to) };
}

/** The days a date filter of a state keeps (advanced filters compare days, the time ignored). */
function actualRange(filter: ReportFilter): Range | string {
  const day = (value: string) => value.slice(0, 10);
  if (filter.kind === 'relative_date') return resolveRelativeDate(filter, now);
  if (filter.kind !== 'advanced_date') return `a ${filter.kind} filter on the date`;
  const range: Range = { from: null, to: null };
  for (const c of [filter, ...(filter.and ? [filter.and] : [])]) {
    if (c.operator === 'is') return { from: day(c.value), to: day(c.value) };
    if (c.operator === 'is_after') range.from = addDays(day(c.value), 1);
    else if (c.operator === 'is_before') range.to = addDays(day(c.value), -1);
    else return `date ${c.operator}`;
  }
  return range;
}

/** Values of a state by column: its list filters and its slicers' selections. */
function valuesOf(state: ReportState): Record<string, { mode: string; values: string[] }> {
  const lists = [...state.filters, ...state.slicers.map((s) => s.filter)];
  const out: Record<string, { mode: string; values: string[] }> = {};
  for (const f of lists) {
    if (f.kind === 'list' && f.values.length > 0)
      out[f.column] = { mode: f.mode, values: f.values.map(String).sort() };
  }
  return out;
}

/** What is wrong with the answer, or null when it is exactly the expected one. */
export function judge(expected: Expected, answer: Answer): string | null {
  const { status, body } = answer;
  if (expected === 'refuse') {
    const type = (body.detail as { type?: string } | undefined)?.type;
    return status === 422 && type === 'invalid_prompt'
      ? null
      : `expected a refusal, got ${status} ${summary(answer)}`;
  }
  if (expected === 'ask') {
    return status === 200 && body.success === false
      ? null
      : `expected a question back, got ${status} ${summary(answer)}`;
  }
  if (status !== 200 || body.success !== true) return `expected a bookmark, got ${status} ${summary(answer)}`;
  const state = decodeReportState((body.bookmark as { state: string }).state);
  const problems: string[] = [];
  if (expected.page !== undefined && state.page !== expected.page)
    problems.push(`page ${state.page}, not ${expected.page}`);
  const dateFilter = state.filters.find((f) => f.column === 'date') ?? null;
  if (expected.date === undefined) {
    if (dateFilter !== null) problems.push(`a period was set: ${JSON.stringify(actualRange(dateFilter))}`);
  } else {
    const want = expectedRange(expected.date);
    const got = dateFilter === null ? 'no period' : actualRange(dateFilter);
    if (JSON.stringify(got) !== JSON.stringify(want))
      problems.push(`period ${JSON.stringify(got)}, not ${JSON.stringify(want)}`);
  }
  const wantValues = Object.fromEntries(
    Object.entries(expected.values ?? {}).map(([c, v]) => [
      c,
      { mode: v.mode, values: [...v.values].sort() },
    ]),
  );
  const gotValues = valuesOf(state);
  if (JSON.stringify(sortedKeys(gotValues)) !== JSON.stringify(sortedKeys(wantValues)))
    problems.push(`values ${JSON.stringify(gotValues)}, not ${JSON.stringify(wantValues)}`);
  if (expected.sorted !== undefined) {
    const { visual, field, direction } = expected.sorted;
    const sort = state.sort.find((s) => s.visual_id === visual)?.sort[0];
    if (sort?.field !== field || sort.direction !== direction)
      problems.push(`${visual} sorted ${JSON.stringify(sort ?? null)}, not ${field} ${direction}`);
  }
  const adhoc = adHocProblem(expected.adhoc, state);
  if (adhoc !== null) problems.push(adhoc);
  return problems.length === 0 ? null : problems.join('; ');
}

/** The state's ad-hoc visual against the one expected, or none when none is. */
function adHocProblem(expected: AdHocExpect | undefined, state: ReportState): string | null {
  const visual = state.adhoc?.visual;
  if (visual === undefined) return expected === undefined ? null : 'no ad-hoc visual';
  if (expected === undefined) return `an ad-hoc visual “${visual.title ?? visual.id}” where a visual answers`;
  const fields = visualFields(visual);
  const got: AdHocExpect = {
    ...(expected.kind === undefined ? {} : { kind: visual.kind }),
    by: fields.dimensions.map((d) => (d.name === 'date' ? `date:${d.grain ?? 'day'}` : d.name)),
    measures: [...fields.measures],
    ...(expected.sort === undefined ? {} : { sort: fields.sort[0] }),
  };
  return JSON.stringify(got) === JSON.stringify(expected)
    ? null
    : `ad-hoc ${JSON.stringify(got)}, not ${JSON.stringify(expected)}`;
}

const sortedKeys = <T>(o: Record<string, T>) =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));

function summary({ body }: Answer): string {
  return JSON.stringify(body.text_response ?? body.detail ?? body).slice(0, 160);
}
