// A visual's rows as CSV (issue 32, "Export a visual as CSV"): the answer the dashboard draws, every
// page of a table's rows, written as a spreadsheet reads it safely.
import {
  csvCell,
  reportLimits,
  type ReportColumn,
  type ReportQueryResponse,
  type ReportRow,
} from '@maya/contracts';

/** A column's header: its label, with the currency amounts are in (never two currencies mixed). */
function header(column: ReportColumn, currency: string): string {
  return column.format === 'currency' ? `${column.label} (${currency})` : column.label;
}

/**
 * A value as a cell: numbers as they are (a negative amount is a number, not a formula); text
 * through `csvCell`, which prefixes a leading = + - @ tab or carriage return with ' and quotes.
 */
function cell(value: ReportRow[string] | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return csvCell(value);
}

/**
 * The answer's columns and rows as CSV text: a byte order mark (so that spreadsheets read UTF-8),
 * a header row of the columns' labels, CRLF line ends (RFC 4180).
 */
export function answerCsv(answers: readonly ReportQueryResponse[], currency: string): string {
  const columns = answers[0]?.columns ?? [];
  const lines = [columns.map((column) => csvCell(header(column, currency))).join(',')];
  for (const answer of answers) {
    for (const row of answer.rows) lines.push(columns.map((column) => cell(row[column.name])).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * Every page of the visual's rows: a table answers a page of its `limit` at a time and says
 * `truncated` while more follow; the pages are read in turn up to the tables' cap of rows.
 */
export async function allPages(
  query: (offset: number) => Promise<ReportQueryResponse>,
): Promise<ReportQueryResponse[]> {
  const pages = [await query(0)];
  let read = pages[0]?.rows.length ?? 0;
  for (;;) {
    const last = pages[pages.length - 1];
    if (last === undefined || !last.truncated || last.rows.length === 0) return pages;
    if (read >= reportLimits.maxTableRows) return pages;
    const next = await query(read);
    pages.push(next);
    read += next.rows.length;
  }
}
