import type { PreviewHeader } from '@maya/contracts';
import { formatMinor } from '../../../shared/lib/money';

export { formatMinor };

const LOCALE = 'en-US';
const integer = new Intl.NumberFormat(LOCALE);

/** Rows and other counts: "12,345". */
export const formatCount = (value: number): string => integer.format(value);

/** Spend in several currencies, each on its own, never added (DESIGN.md Money). */
export function formatSpend(spend: readonly { currency: string; amount: number }[] | null): string {
  if (spend === null || spend.length === 0) return '–';
  return spend.map((part) => formatMinor(part.amount, part.currency)).join(' + ');
}

/** A preview cell as it reads: money in the row's currency (its currency column), numbers grouped. */
export function formatCell(
  cell: string | number | boolean | null,
  header: PreviewHeader,
  currency: string | null,
): string {
  if (cell === null) return '';
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'boolean') return cell ? 'Yes' : 'No';
  if (header.type === 'money') return formatMinor(cell, currency);
  if (header.type === 'numeric')
    return new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 }).format(cell);
  return String(cell);
}

/** The index of a preview's currency column, or -1. */
export function currencyColumn(headers: readonly PreviewHeader[]): number {
  return headers.findIndex((header) => /currency/i.test(header.name) && header.type === 'other');
}
