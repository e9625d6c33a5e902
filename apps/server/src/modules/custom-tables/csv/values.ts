// One cell of a custom table's column to the value the warehouse keeps, or why it cannot be.
// Numeric cells are kept as exact decimals (DECIMAL(18,9): up to 9 digits on either side of the
// point), Date cells as days; text is kept as written, including cells that start with = + - @
// (data, never formulas: exports neutralize them, contracts csvCell).
import type { CustomColumnType } from '@maya/contracts';

export type CellResult = { ok: true; value: string | null } | { ok: false; message: string };

const NUMBER = /^([+-]?)(\d*)(?:\.(\d*))?$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const DMY_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

function day(year: number, month: number, date: number): string | null {
  if (month < 1 || month > 12 || date < 1 || year < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (date > last) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

/** `1234.5`, `-0.25`, `+7`; with `;` or tab as the delimiter a decimal comma too (`1234,5`). */
export function numericCell(raw: string, decimalComma: boolean): string | null {
  const text = decimalComma && !raw.includes('.') ? raw.replace(',', '.') : raw;
  const match = NUMBER.exec(text);
  if (match === null) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > 9 || fraction.length > 9) return null;
  return `${sign === '-' ? '-' : ''}${digits === '' ? '0' : digits}${fraction === '' ? '' : `.${fraction}`}`;
}

/** `YYYY-MM-DD` (a time after it is left out: the column keeps days) or `DD/MM/YYYY`. */
export function dateCell(raw: string): string | null {
  const iso = ISO_DAY.exec(raw);
  if (iso !== null) return day(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dmy = DMY_DAY.exec(raw);
  if (dmy !== null) return day(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]));
  return null;
}

export function checkCell(
  raw: string,
  column: { columnName: string; type: CustomColumnType; mandatory: boolean },
  options: { decimalComma: boolean; maxLength: number },
): CellResult {
  const text = raw.trim();
  if (text === '') {
    return column.mandatory
      ? { ok: false, message: `${column.columnName} is empty` }
      : { ok: true, value: null };
  }
  switch (column.type) {
    case 'String':
      if (raw.length > options.maxLength) {
        return { ok: false, message: `${column.columnName} is longer than ${options.maxLength} characters` };
      }
      return { ok: true, value: raw };
    case 'Numeric': {
      const value = numericCell(text, options.decimalComma);
      return value === null
        ? {
            ok: false,
            message: `${column.columnName}: '${clip(text)}' is not a number (up to 9 digits before and after the point)`,
          }
        : { ok: true, value };
    }
    case 'Date': {
      const value = dateCell(text);
      return value === null
        ? {
            ok: false,
            message: `${column.columnName}: '${clip(text)}' is not a date (YYYY-MM-DD or DD/MM/YYYY)`,
          }
        : { ok: true, value };
    }
    default: {
      const never: never = column.type;
      throw new Error(`unknown column type ${String(never)}`);
    }
  }
}

const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}...` : text);

const ZERO = 0x30;
const NINE = 0x39;
const isDigit = (byte: number | undefined) => byte !== undefined && byte >= ZERO && byte <= NINE;

/**
 * Whether `checkCell` would keep the cell `bytes[start, end)` (UTF-8, unquoted) exactly as it is:
 * a value the warehouse takes as written. False says nothing about the cell: `checkCell` decides.
 * Text: starts with a visible ASCII character (so not empty once trimmed) and has at most
 * `maxLength` bytes (a character is at least one). Numeric: `-?(0|[1-9]\d{0,8})(\.\d{1,9})?`,
 * what `numericCell` writes. Date: a valid `YYYY-MM-DD`.
 */
export function keptAsWritten(
  bytes: Uint8Array,
  start: number,
  end: number,
  type: CustomColumnType,
  maxLength: number,
): boolean {
  if (end <= start) return false;
  switch (type) {
    case 'String': {
      const first = bytes[start] as number;
      return first > 0x20 && first < 0x7f && end - start <= maxLength;
    }
    case 'Numeric': {
      let i = start;
      if (bytes[i] === 0x2d) i++;
      const whole = i;
      while (i < end && isDigit(bytes[i])) i++;
      const digits = i - whole;
      if (digits === 0 || digits > 9 || (digits > 1 && bytes[whole] === ZERO)) return false;
      if (i === end) return true;
      if (bytes[i] !== 0x2e) return false;
      const fraction = ++i;
      while (i < end && isDigit(bytes[i])) i++;
      return i === end && i - fraction >= 1 && i - fraction <= 9;
    }
    case 'Date': {
      if (end - start !== 10 || bytes[start + 4] !== 0x2d || bytes[start + 7] !== 0x2d) return false;
      const year = digitsAt(bytes, start, 4);
      const month = digitsAt(bytes, start + 5, 2);
      const date = digitsAt(bytes, start + 8, 2);
      return year >= 1 && month >= 1 && month <= 12 && date >= 1 && date <= daysIn(year, month);
    }
    default:
      return false;
  }
}

/** The number `size` digits at `at` write, or -1. */
function digitsAt(bytes: Uint8Array, at: number, size: number): number {
  let n = 0;
  for (let i = at; i < at + size; i++) {
    const byte = bytes[i] as number;
    if (byte < ZERO || byte > NINE) return -1;
    n = n * 10 + byte - ZERO;
  }
  return n;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
