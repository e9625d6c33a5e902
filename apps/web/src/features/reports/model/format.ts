import type { MeasureFormat, ReportColumn, TimeGrain } from '@maya/contracts';
import { formatDay } from '../../../shared/lib/dates';
import { reportMessages } from '../messages';
import { COUNTRY, countryName } from './countries';

/**
 * How numbers and dimension values read on the dashboards. Numbers use en-US grouping ("$1,234.56",
 * "€1,234.56"); dates read DD/MM/YYYY (DESIGN.md Conventions).
 */
const LOCALE = 'en-US';

const formatters = new Map<string, Intl.NumberFormat | null>();

type Digits = { min: number; max: number; compact: boolean };

/** A cached Intl formatter; null for a currency code Intl does not know. */
function formatter(style: 'currency' | 'percent' | 'decimal', currency: string, digits: Digits) {
  const key = `${style}:${currency}:${digits.min}:${digits.max}:${digits.compact}`;
  if (!formatters.has(key)) {
    let made: Intl.NumberFormat | null;
    try {
      made = new Intl.NumberFormat(LOCALE, {
        style,
        ...(style === 'currency' ? { currency } : {}),
        minimumFractionDigits: digits.min,
        maximumFractionDigits: digits.max,
        ...(digits.compact ? { notation: 'compact' } : {}),
      });
    } catch {
      made = null;
    }
    formatters.set(key, made);
  }
  return formatters.get(key) ?? null;
}

/** A measure's value as a number: warehouses may send large sums as numeric text. */
export function measureNumber(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

/**
 * Where a value is read: `full` in tables and tooltips (cents, two decimals), `kpi` as a headline
 * (whole amounts from 1,000, millions shortened: "$82,066", "1.27M"), `axis` on chart axes
 * (short: "$25K", "3,500").
 */
export type FormatStyle = 'full' | 'kpi' | 'axis';

/**
 * `currency`: the organization's, which `currency` amounts are in; `rowCurrency`: the currency of
 * the row an `account_currency` amount belongs to (its `currency` column), null when not known.
 */
export type FormatOptions = { currency: string; style?: FormatStyle; rowCurrency?: string | null };

function digitsFor(format: MeasureFormat | null, value: number, style: FormatStyle): Digits {
  const size = Math.abs(value);
  const whole = Number.isInteger(value);
  if (style === 'axis') return { min: 0, max: format === 'percent' ? 1 : 2, compact: size >= 10_000 };
  if (style === 'kpi' && size >= 1_000_000) return { min: 0, max: 2, compact: true };
  if (format === 'percent') return { min: 2, max: 2, compact: false };
  if (format === 'currency' || format === 'account_currency')
    return style === 'kpi' && size >= 1_000
      ? { min: 0, max: 0, compact: false }
      : { min: 2, max: 2, compact: false };
  // Counts read whole; ratios (ROAS, position) with two decimals.
  return whole || size >= 100 ? { min: 0, max: 0, compact: false } : { min: 2, max: 2, compact: false };
}

/** A measure's value by its format; null (no rows, a ratio over zero) reads '–'. */
export function formatMeasure(raw: unknown, format: MeasureFormat | null, options: FormatOptions): string {
  const value = measureNumber(raw);
  if (value === null) return '–';
  const digits = digitsFor(format, value, options.style ?? 'full');
  switch (format) {
    case 'currency':
      return inCurrency(value, options.currency, digits);
    case 'account_currency':
      // Without the row's currency (a table that does not show it) the amount reads as a number.
      return options.rowCurrency
        ? inCurrency(value, options.rowCurrency, digits)
        : (formatter('decimal', '', digits)?.format(value) ?? String(value));
    case 'percent':
      return formatter('percent', '', digits)?.format(value) ?? String(value);
    case 'number':
    case null:
      return formatter('decimal', '', digits)?.format(value) ?? String(value);
  }
}

/** An amount in `code`, never with more decimals than the currency has (yen: none). */
function inCurrency(value: number, code: string, digits: Digits): string {
  const places = Math.min(digits.max, currencyDecimals(code));
  const currency = formatter('currency', code, { ...digits, min: Math.min(digits.min, places), max: places });
  if (currency !== null) return currency.format(value);
  return `${formatter('decimal', '', digits)?.format(value) ?? String(value)} ${code}`;
}

const decimals = new Map<string, number>();

/** The decimals of a currency's minor unit as Intl knows them (2 for a code Intl does not know). */
function currencyDecimals(code: string): number {
  let places = decimals.get(code);
  if (places === undefined) {
    try {
      places =
        new Intl.NumberFormat(LOCALE, { style: 'currency', currency: code }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      places = 2;
    }
    decimals.set(code, places);
  }
  return places;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A date at its grain: a day or week as DD/MM/YYYY, 'Mar 2026', 'Q1 2026', '2026'. */
export function formatDateAtGrain(value: string, grain: TimeGrain | null): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (match === null) return value;
  const [, year = '', month = '', day = ''] = match;
  switch (grain) {
    case 'month':
      return `${MONTHS[Number(month) - 1] ?? month} ${year}`;
    case 'quarter':
      return `Q${Math.floor((Number(month) - 1) / 3) + 1} ${year}`;
    case 'year':
      return year;
    case 'day':
    case 'week':
    case null:
      return formatDay(`${year}-${month}-${day}`);
  }
}

/**
 * A dimension's value: dates at the column's grain (marked when among the answer's
 * `partial_periods`: a week the range or the data cover in part), countries by name, blanks as
 * the column's `blank` (`withBlanks`), else '(Blank)'.
 */
export function formatDimension(
  value: unknown,
  column: Pick<ReportColumn, 'name' | 'type' | 'grain'> & { blank?: string },
  partialPeriods: readonly string[] = [],
): string {
  if (value === null || value === undefined || value === '')
    return column.blank ?? reportMessages.filters.blank;
  if (column.type === 'date' && typeof value === 'string') {
    const label = formatDateAtGrain(value, column.grain);
    return partialPeriods.includes(value.slice(0, 10)) ? reportMessages.visual.partialPeriod(label) : label;
  }
  if (column.name === COUNTRY && typeof value === 'string') return countryName(value) ?? value;
  if (typeof value === 'number')
    return formatter('decimal', '', { min: 0, max: 2, compact: false })?.format(value) ?? '';
  return typeof value === 'string' || typeof value === 'boolean' ? String(value) : '';
}

/**
 * A cell of a report table: measures by their format, dimensions as text. `row` is the cell's row,
 * whose `currency` an account's own amount is in; `partialPeriods` the periods marked partial.
 */
export function formatCell(
  value: unknown,
  column: ReportColumn,
  currency: string,
  row: Readonly<Record<string, unknown>> | null = null,
  partialPeriods: readonly string[] = [],
): string {
  const rowCurrency = typeof row?.currency === 'string' && row.currency !== '' ? row.currency : null;
  return column.role === 'measure'
    ? formatMeasure(value, column.format, { currency, rowCurrency })
    : formatDimension(value, column, partialPeriods);
}

/**
 * An answer whose derived (cluster) columns, the report's `labels`, say that their nulls read
 * '(none)': no rule set matched (issue 24). Other columns' nulls stay '(Blank)'.
 */
export function withBlanks<T extends { columns: readonly ReportColumn[] }>(
  answer: T | undefined,
  derived: Readonly<Record<string, string>>,
): T | undefined {
  if (answer === undefined || !answer.columns.some((c) => Object.hasOwn(derived, c.name))) return answer;
  const columns = answer.columns.map((c) =>
    Object.hasOwn(derived, c.name) ? { ...c, blank: reportMessages.filters.none } : c,
  );
  return { ...answer, columns };
}
