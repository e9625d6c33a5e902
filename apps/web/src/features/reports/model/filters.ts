import {
  localDay,
  reportLimits,
  type AdvancedDateFilter,
  type AdvancedTextFilter,
  type FilterValue,
  type RelativeDateFilter,
  type ReportFilter,
  type TimeGrain,
  unreachable,
} from '@maya/contracts';
import { COUNTRY, countryName } from './countries';
import { formatDay } from '../../../shared/lib/dates';
import { reportMessages } from '../messages';

const { filters: text } = reportMessages;

/** Words a column name holds that people write in capitals. */
const ACRONYMS = new Set(['url', 'id', 'ctr', 'cpc', 'cpm', 'cpa', 'roas', 'utm', 'seo', 'sku']);

/** A column's name for people: `campaign_type` → 'Campaign type', `page_url` → 'Page URL'. */
export function columnLabel(name: string): string {
  const words = name
    .split('_')
    .filter((word) => word !== '')
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word));
  const joined = words.join(' ');
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}

/**
 * What a null of `column` reads as: '(none)' for a derived (cluster) column, one of the report's
 * `labels` (no rule set matched), else '(Blank)'.
 */
export function blankLabel(column: string, derived: Readonly<Record<string, string>> = {}): string {
  return Object.hasOwn(derived, column) ? text.none : text.blank;
}

/** A list value of `column` as shown: dates as DD/MM/YYYY, countries by name, null as `blank`. */
export function valueLabel(value: FilterValue, column: string, blank: string = text.blank): string {
  if (value === null) return blank;
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (column === COUNTRY) return countryName(value) ?? value;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(value) : value;
}

/**
 * A column's values in the order a list or slicer shows them: the server's (by value), except
 * countries, which read by their names and so are sorted by them: 'Austria, Germany, Greece,
 * Spain', not 'aut, deu, esp, grc' (decision 241). A blank stays first.
 */
export function inListOrder(values: readonly FilterValue[], column: string): FilterValue[] {
  if (column !== COUNTRY) return [...values];
  const label = (value: FilterValue) => (value === null ? '' : valueLabel(value, column));
  return [...values].sort((a, b) => label(a).localeCompare(label(b), 'en'));
}

/** spec 002 §2, §9: up to 5 values joined by 'or', then '...'. */
export function listSummary(
  values: readonly FilterValue[],
  column: string,
  blank: string = text.blank,
): string {
  const shown = values
    .slice(0, reportLimits.filterSummaryMaxValues)
    .map((value) => valueLabel(value, column, blank))
    .join(' or ');
  return values.length > reportLimits.filterSummaryMaxValues ? `${shown}...` : shown;
}

const UNIT_WORDS: Record<TimeGrain, [one: string, many: string]> = {
  day: ['day', 'days'],
  week: ['week', 'weeks'],
  month: ['month', 'months'],
  quarter: ['quarter', 'quarters'],
  year: ['year', 'years'],
};

export function unitWord(unit: TimeGrain, count: number): string {
  const [one, many] = UNIT_WORDS[unit];
  return count === 1 ? one : many;
}

function relativeSummary(filter: RelativeDateFilter): string {
  const operator = text.relativeOperators[filter.operator];
  if (filter.operator === 'in_this') return `${operator} ${unitWord(filter.unit, 1)}`;
  const count = filter.count ?? 1;
  return `${operator} ${count.toLocaleString('en-US')} ${unitWord(filter.unit, count)}`;
}

/** `2026-11-20T12:00` → '20/11/2026 12:00'. */
export function dateTimeLabel(value: string): string {
  const [day = '', time = ''] = value.split('T');
  return `${formatDay(day)} ${time.slice(0, 5)}`.trim();
}

function advancedDateSummary(filter: AdvancedDateFilter): string {
  const first = `${text.dateOperators[filter.operator]} ${dateTimeLabel(filter.value)}`;
  const second = filter.and ?? null;
  if (second === null) return first;
  const operator = text.dateOperators[second.operator].toLowerCase();
  return `${first} ${text.secondCondition.joiner} ${operator} ${dateTimeLabel(second.value)}`;
}

function advancedTextSummary(filter: AdvancedTextFilter): string {
  const operator = text.textOperators[filter.operator];
  return filter.value === null ? operator : `${operator} "${filter.value}"`;
}

/**
 * What a filter card shows under its title; a list filter with no values filters nothing: 'All'.
 * `blank` is what its nulls read as (`blankLabel`).
 */
export function filterSummary(filter: ReportFilter, blank: string = text.blank): string {
  switch (filter.kind) {
    case 'list':
      if (filter.values.length === 0) return text.all;
      return filter.mode === 'exclude'
        ? `${text.excluding} ${listSummary(filter.values, filter.column, blank)}`
        : listSummary(filter.values, filter.column, blank);
    case 'relative_date':
      return relativeSummary(filter);
    case 'advanced_date':
      return advancedDateSummary(filter);
    case 'advanced_text':
      return advancedTextSummary(filter);
    default:
      return unreachable(filter);
  }
}

/**
 * spec 002 §5: Apply needs a count unless the operator is 'is in this'; the count is a whole
 * number from 1 to 10000 (§9). Returns the problem to show, or null when the input is valid.
 */
export function relativeDateCountProblem(
  operator: RelativeDateFilter['operator'],
  count: string,
): string | null {
  if (operator === 'in_this') return null;
  const trimmed = count.trim();
  if (trimmed === '') return text.countRequired;
  const value = Number(trimmed);
  const { relativeDateCountMin: min, relativeDateCountMax: max } = reportLimits;
  if (!/^\d+$/.test(trimmed) || value < min || value > max) return text.countRange;
  return null;
}

/** The relative date filter an editor's input makes, or null while it is not valid. */
export function relativeDateFilter(
  base: Pick<RelativeDateFilter, 'id' | 'table' | 'column'>,
  input: { operator: RelativeDateFilter['operator']; count: string; unit: TimeGrain },
): RelativeDateFilter | null {
  if (relativeDateCountProblem(input.operator, input.count) !== null) return null;
  return {
    ...base,
    kind: 'relative_date',
    operator: input.operator,
    count: input.operator === 'in_this' ? null : Number(input.count.trim()),
    unit: input.unit,
  };
}

/** spec 002 §5: the Advanced text filter needs non-empty text (is blank / is not blank take none). */
export function textNeedsValue(operator: AdvancedTextFilter['operator']): boolean {
  return operator !== 'is_blank' && operator !== 'is_not_blank';
}

export function advancedTextProblem(operator: AdvancedTextFilter['operator'], value: string): string | null {
  return textNeedsValue(operator) && value.trim() === '' ? text.textRequired : null;
}

type DateOperator = AdvancedDateFilter['operator'];

/** A condition of the advanced date editor as typed: the operator, a `YYYY-MM-DD` day, `HH:mm`. */
export type DateConditionInput = { operator: DateOperator; date: string; time: string };

/** A condition's input from the filter's value; a new one at 12:00 (spec 002 Filters) and no day. */
export function dateConditionInput(
  condition: { operator: DateOperator; value: string } | null,
  operator: DateOperator = 'is',
): DateConditionInput {
  if (condition === null) return { operator, date: '', time: reportLimits.defaultFilterTime };
  const [date = '', time = ''] = condition.value.split('T');
  return { operator: condition.operator, date, time: time.slice(0, 5) || reportLimits.defaultFilterTime };
}

/**
 * The second condition's operator when one is added: the other bound of a period ("is after"
 * then "is before"), and another day to leave out after "is" or "is not".
 */
export function secondOperatorAfter(first: DateOperator): DateOperator {
  switch (first) {
    case 'is_after':
      return 'is_before';
    case 'is_before':
      return 'is_after';
    case 'is':
    case 'is_not':
      return 'is_not';
    default:
      return unreachable(first);
  }
}

const conditionValid = (input: DateConditionInput) =>
  /^\d{4}-\d{2}-\d{2}$/.test(input.date) && /^\d{2}:\d{2}$/.test(input.time);

/**
 * The advanced date filter the editor's conditions make, or null while one lacks a day or a time.
 * Without a second condition the filter has none (no `and`), as filters saved before it had.
 */
export function advancedDateFilter(
  base: Pick<AdvancedDateFilter, 'id' | 'table' | 'column'>,
  first: DateConditionInput,
  second: DateConditionInput | null,
): AdvancedDateFilter | null {
  if (!conditionValid(first) || (second !== null && !conditionValid(second))) return null;
  const condition = (input: DateConditionInput) => ({
    operator: input.operator,
    value: `${input.date}T${input.time}`,
  });
  return {
    ...base,
    kind: 'advanced_date',
    ...condition(first),
    ...(second === null ? {} : { and: condition(second) }),
  };
}

/** The filter a date column starts from when switched to the advanced editor: today (the user's day) at 12:00. */
export function defaultDateTime(today: Date): string {
  return `${localDay(today)}T${reportLimits.defaultFilterTime}`;
}

/** Whether a filter is on a date column (its kind tells: relative or advanced date). */
export function isDateFilter(filter: ReportFilter): filter is RelativeDateFilter | AdvancedDateFilter {
  return filter.kind === 'relative_date' || filter.kind === 'advanced_date';
}
