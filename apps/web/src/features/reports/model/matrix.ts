import type { ReportColumn, ReportQueryResponse, ReportRow } from '@maya/contracts';
import { measureNumber } from './format';

/**
 * A matrix visual's answer pivoted: one line per combination of the row dimensions, one column
 * group per combination of the column dimensions, each group a cell per measure; with totals per
 * line, per column group and overall.
 */
export type MatrixKey = { key: string; values: ReportRow[string][] };

export type Matrix = {
  rowDimensions: ReportColumn[];
  columnDimensions: ReportColumn[];
  measures: ReportColumn[];
  rows: MatrixKey[];
  columns: MatrixKey[];
  cell: (row: string, column: string, measure: string) => ReportRow[string];
  /** Null when the answer has no totals. */
  rowTotal: ((row: string, measure: string) => ReportRow[string]) | null;
  columnTotal: ((column: string, measure: string) => ReportRow[string]) | null;
  grandTotal: ((measure: string) => ReportRow[string]) | null;
};

function keyOf(row: ReportRow, dimensions: readonly ReportColumn[]): MatrixKey {
  const values = dimensions.map((d) => row[d.name] ?? null);
  return { key: JSON.stringify(values), values };
}

function distinct(rows: readonly ReportRow[], dimensions: readonly ReportColumn[]): MatrixKey[] {
  const seen = new Map<string, MatrixKey>();
  for (const row of rows) {
    const key = keyOf(row, dimensions);
    if (!seen.has(key.key)) seen.set(key.key, key);
  }
  return [...seen.values()];
}

/** Dates read left to right in time; other values keep the server's order. */
function ordered(keys: MatrixKey[], dimensions: readonly ReportColumn[]): MatrixKey[] {
  if (!dimensions.some((d) => d.type === 'date')) return keys;
  return [...keys].sort((a, b) => a.key.localeCompare(b.key));
}

function lookup(rows: readonly ReportRow[], dimensions: readonly ReportColumn[]) {
  const map = new Map<string, ReportRow>();
  for (const row of rows) map.set(keyOf(row, dimensions).key, row);
  return map;
}

export function pivotMatrix(
  response: ReportQueryResponse,
  spec: { rows: readonly string[]; columns: readonly string[]; measures: readonly string[]; sorted: boolean },
): Matrix {
  const find = (names: readonly string[]) =>
    names.flatMap((name) => response.columns.find((c) => c.name === name) ?? []);
  const rowDimensions = find(spec.rows);
  const columnDimensions = find(spec.columns);
  const measures = find(spec.measures);
  const cells = new Map<string, ReportRow>();
  for (const row of response.rows) {
    cells.set(`${keyOf(row, rowDimensions).key}|${keyOf(row, columnDimensions).key}`, row);
  }
  const totals = response.totals;
  const rowTotals = totals === null ? null : lookup(totals.rows, rowDimensions);
  const columnTotals = totals === null ? null : lookup(totals.columns, columnDimensions);

  let rows = ordered(distinct(response.rows, rowDimensions), rowDimensions);
  const first = measures[0];
  // Without a sort of its own, the lines with the most of the first measure come first.
  if (
    !spec.sorted &&
    rowTotals !== null &&
    first !== undefined &&
    !rowDimensions.some((d) => d.type === 'date')
  ) {
    const total = (key: string) => measureNumber(rowTotals.get(key)?.[first.name]) ?? -Infinity;
    rows = [...rows].sort((a, b) => total(b.key) - total(a.key));
  }

  return {
    rowDimensions,
    columnDimensions,
    measures,
    rows,
    columns: ordered(distinct(response.rows, columnDimensions), columnDimensions),
    cell: (row, column, measure) => cells.get(`${row}|${column}`)?.[measure] ?? null,
    rowTotal: rowTotals === null ? null : (row, measure) => rowTotals.get(row)?.[measure] ?? null,
    columnTotal:
      columnTotals === null ? null : (column, measure) => columnTotals.get(column)?.[measure] ?? null,
    grandTotal: totals === null ? null : (measure) => totals.grand[measure] ?? null,
  };
}
