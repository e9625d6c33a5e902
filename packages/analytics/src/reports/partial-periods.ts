// Weeks, months, quarters and years the rows show only part of: a range that starts on a
// Wednesday has a first week of five days, and the week still running ends at the last day with
// data. Drawn as whole periods they read as a drop; the answer names them so they are marked.
import type { DateRange, ReportColumn, ReportFilter, ReportQueryResponse, ReportRow } from '@maya/contracts';
import type { Warehouse } from '@maya/warehouse/interface';
import type { ReportQuery } from './compile-query';
import { addDays, addUnits, daysBetween } from './dates';
import { queryPeriod } from './kpi';
import { runCompiled, type QueryInput } from './run-query';
import { ReportQueryError, semanticTable, type SemanticModel } from './semantic-model';
import { DATA_THROUGH, compileDataThrough } from './time-series';

/**
 * The first days of the periods, at `column`'s grain coarser than a day, whose days the period
 * of the query (null: unbounded) and the data (through its last day) cover only in part, among
 * the rows' values; ascending.
 */
export function partialPeriods(
  rows: readonly ReportRow[],
  column: Pick<ReportColumn, 'name' | 'type' | 'grain'>,
  period: DateRange | null,
  through: string | null,
): string[] {
  const grain = column.grain;
  if (column.type !== 'date' || grain === null || grain === 'day') return [];
  const ends = [period?.to, through].filter((d): d is string => typeof d === 'string').sort();
  const lastDay = ends[0] ?? null;
  const starts = new Set<string>();
  for (const row of rows) {
    const start = row[column.name];
    if (typeof start === 'string') starts.add(start.slice(0, 10));
  }
  return [...starts].sort().filter((start) => {
    const end = addDays(addUnits(start, grain, 1), -1);
    const from = period !== null && period.from > start ? period.from : start;
    const to = lastDay !== null && lastDay < end ? lastDay : end;
    return from > to || daysBetween({ from, to }) < daysBetween({ from: start, to: end });
  });
}

/**
 * An answer grouped by week, month, quarter or year names the periods its filters or its data
 * cover only in part (partialPeriods); it then carries its table's freshness, which that needs.
 */
export async function markPartialPeriods(
  warehouse: Warehouse,
  model: SemanticModel,
  tableName: string,
  /** The filters in effect on the table (run-visual.ts filtersForTable). */
  filters: readonly ReportFilter[],
  input: QueryInput & { dateRange: DateRange | null },
  answer: ReportQueryResponse,
): Promise<ReportQueryResponse> {
  const column = answer.columns.find((c) => c.type === 'date' && c.grain !== null && c.grain !== 'day');
  const table = semanticTable(model, tableName);
  if (column === undefined || table.timeDimension === null) return answer;
  let period: DateRange | null = null;
  try {
    const query = { ...emptyQuery(table.name), filters: [...filters], dateRange: input.dateRange };
    period = queryPeriod(model, query, input.now);
  } catch (error) {
    if (!(error instanceof ReportQueryError)) throw error;
  }
  let through = answer.data_through ?? null;
  if (answer.data_through === undefined) {
    const options = { now: input.now, columns: input.columns ?? null, rollups: input.rollups ?? null };
    const compiled = compileDataThrough(model, table.name, table.timeDimension, warehouse.engine, options);
    const day = (await runCompiled(warehouse, compiled, input.timeoutMs)).rows[0]?.[DATA_THROUGH];
    through = typeof day === 'string' ? day : null;
  }
  return {
    ...answer,
    data_through: through,
    partial_periods: partialPeriods(answer.rows, column, period, through),
  };
}

function emptyQuery(table: string): ReportQuery {
  return {
    table,
    measures: [],
    dimensions: [],
    filters: [],
    dateRange: null,
    sort: [],
    limit: null,
    offset: null,
  };
}
