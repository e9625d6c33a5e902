import type { ReportColumn, ReportQueryResponse } from '@maya/contracts';

type Row = ReportQueryResponse['rows'][number];

/**
 * The columns a table shows: all but an amount in each account's own currency that is blank on
 * every row. That amount has a value only where the rows share a currency (one account, or a
 * currency filter); across currencies it would be a column of dashes pushing the rest off screen
 * (decision 232). It shows again as soon as a filter narrows the rows to one currency.
 */
export function shownColumns<C extends Pick<ReportColumn, 'name' | 'format'>>(
  columns: readonly C[],
  rows: readonly Row[],
): C[] {
  return columns.filter(
    (column) =>
      column.format !== 'account_currency' ||
      rows.some((row) => row[column.name] !== null && row[column.name] !== undefined),
  );
}
