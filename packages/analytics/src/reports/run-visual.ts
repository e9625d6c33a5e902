// Answers one visual of a report (the query endpoint's work): the visual's fields become report
// queries, compiled for the warehouse's engine and run read-only, and the rows are shaped as the
// contract's ReportQueryResponse (KPI comparison, totals, grain coarsening of charts over time).
import {
  embedFilterIsOpen,
  reportLimits,
  type DateRange,
  type DimensionRef,
  type ReportFilter,
  type ReportQueryResponse,
  type ReportRow,
  type Sort,
  type Visual,
  unreachable,
} from '@maya/contracts';
import type { Row, Warehouse } from '@maya/warehouse/interface';
import type { ReportQuery } from './compile-query';
import { runKpiComparison } from './kpi-answer';
import { markPartialPeriods } from './partial-periods';
import { runCompiled, runQuery, type QueryInput } from './run-query';
import {
  ReportQueryError,
  dimension,
  findDimension,
  semanticTable,
  type SemanticModel,
  type SemanticTable,
} from './semantic-model';
import {
  DATA_THROUGH,
  chooseGrain,
  type GrainChoice,
  compileGrainCounts,
  fitsByCalendar,
  thinSeries,
} from './time-series';

export type VisualQueryInput = {
  /** The filters in effect: report, page and slicer filters, on any table of the model. */
  filters: readonly ReportFilter[];
  dateRange: DateRange | null;
  /** Replaces the visual's sort (a table header click). */
  sort: readonly Sort[] | null;
  /** Table visuals only: the rows to skip, a page of the visual's limit at a time (0 when absent). */
  offset?: number;
} & QueryInput;

/**
 * The filters that apply to a table: its own, and those on another table's dimension that this
 * table has under the same name (date, country: conformed dimensions). Others do not apply to
 * the table's visuals. A filter on a table or dimension the model lacks is an error.
 */
export function filtersForTable(
  model: SemanticModel,
  tableName: string,
  filters: readonly ReportFilter[],
): ReportFilter[] {
  const table = semanticTable(model, tableName);
  return filters.flatMap((filter) => {
    if (!appliesTo(model, table, filter)) return [];
    return [filter.table === tableName ? filter : { ...filter, table: tableName }];
  });
}

function appliesTo(model: SemanticModel, table: SemanticTable, filter: ReportFilter): boolean {
  const own = dimension(semanticTable(model, filter.table), filter.column);
  return filter.table === table.name || findDimension(table, filter.column)?.type === own.type;
}

/**
 * The labels of the dimensions whose filters narrow the view but that a table cannot apply (it
 * lacks the dimension): its visuals say they are not filtered by them (decision 434) rather than
 * show an unfiltered figure beside filtered ones.
 */
export function unappliedFilters(
  model: SemanticModel,
  tableName: string,
  filters: readonly ReportFilter[],
): string[] {
  const table = semanticTable(model, tableName);
  const labels = filters
    .filter((filter) => !embedFilterIsOpen(filter) && !appliesTo(model, table, filter))
    .map((filter) => dimension(semanticTable(model, filter.table), filter.column).label);
  return [...new Set(labels)];
}

export type VisualFields = Pick<ReportQuery, 'dimensions' | 'measures' | 'sort'>;

/** What a visual's main query selects and how it is ordered (a slicer: its dimension's values). */
export function visualFields(visual: Visual): VisualFields {
  switch (visual.kind) {
    case 'kpi':
      return { dimensions: [], measures: [visual.measure], sort: [] };
    case 'line':
    case 'area':
      return { dimensions: withLegend(visual.axis, visual.legend), measures: visual.measures, sort: [] };
    case 'bar':
    case 'column':
    case 'stacked_bar':
    case 'stacked_column':
      return {
        dimensions: withLegend(visual.axis, visual.legend),
        measures: visual.measures,
        sort: sortOf(visual.sort, visual.measures),
      };
    case 'pie':
    case 'donut':
      return { dimensions: [visual.legend], measures: [visual.measure], sort: sortOf([], [visual.measure]) };
    case 'table':
      return { dimensions: visual.dimensions, measures: visual.measures, sort: visual.sort };
    case 'matrix':
      return {
        dimensions: [...visual.rows, ...visual.columns],
        measures: visual.measures,
        sort: visual.sort,
      };
    case 'slicer':
      return { dimensions: [{ name: visual.dimension, grain: null }], measures: [], sort: [] };
    default:
      return unreachable(visual);
  }
}

function withLegend(axis: DimensionRef, legend: DimensionRef | null): DimensionRef[] {
  return legend === null ? [axis] : [axis, legend];
}

/** Whether a chart is drawn over time: its axis is a date (grain planning applies). */
export function isOverTime(model: SemanticModel, visual: Extract<Visual, { axis: DimensionRef }>): boolean {
  return dimension(semanticTable(model, visual.table), visual.axis.name).type === 'date';
}

export async function runVisualQuery(
  warehouse: Warehouse,
  model: SemanticModel,
  visual: Visual,
  input: VisualQueryInput,
): Promise<ReportQueryResponse> {
  const filters = filtersForTable(model, visual.table, input.filters);
  const answer = await markPartialPeriods(
    warehouse,
    model,
    visual.table,
    filters,
    input,
    await answerVisual(warehouse, model, visual, input),
  );
  // A table that leaves rows out (Search Console's anonymized queries) says so with every answer,
  // and so does one that cannot apply a filter in effect.
  const { partial } = semanticTable(model, visual.table);
  const unfiltered = unappliedFilters(model, visual.table, input.filters);
  return {
    ...answer,
    ...(partial === undefined ? {} : { partial }),
    ...(unfiltered.length === 0 ? {} : { unfiltered }),
  };
}

async function answerVisual(
  warehouse: Warehouse,
  model: SemanticModel,
  visual: Visual,
  input: VisualQueryInput,
): Promise<ReportQueryResponse> {
  const table = semanticTable(model, visual.table);
  const fields = visualFields(visual);
  const offset = tableOffset(visual, input.offset);
  const base: ReportQuery = {
    table: table.name,
    measures: [],
    dimensions: [],
    filters: filtersForTable(model, table.name, input.filters),
    // A report's date range applies to the tables that have a time dimension.
    dateRange: table.timeDimension === null ? null : input.dateRange,
    sort: [],
    limit: null,
    offset: null,
  };
  const run = (query: ReportQuery, maxRows: number) => runQuery(warehouse, model, query, input, maxRows);
  const answer = (result: Awaited<ReturnType<typeof run>>): ReportQueryResponse => ({
    columns: result.columns,
    rows: result.rows,
    truncated: result.truncated,
    sampled: false,
    totals: null,
    comparison: null,
  });
  if (visual.kind === 'slicer') {
    throw new ReportQueryError(
      'invalid_report_query',
      'a slicer has no query: its values are the filter options',
    );
  }
  if (visual.kind === 'kpi') {
    const query = { ...base, measures: fields.measures };
    if (visual.comparison === null) return answer(await run(query, 1));
    return runKpiComparison(warehouse, model, query, input);
  }
  if ('axis' in visual && isOverTime(model, visual)) {
    return runTimeSeries(warehouse, model, { ...base, ...fields }, visual.axis, visual.legend, input);
  }
  const limit = rowLimit(visual);
  // One row more than the limit tells whether rows were left out (for a table, a next page).
  const rowsQuery = () =>
    run({ ...base, ...fields, sort: input.sort ?? fields.sort, limit: limit + 1, offset }, limit);
  if (
    (visual.kind !== 'table' && visual.kind !== 'matrix') ||
    !visual.totals ||
    visual.measures.length === 0
  ) {
    return answer(await rowsQuery());
  }
  const totalsBy = async (dimensions: readonly DimensionRef[]) =>
    dimensions.length === 0
      ? []
      : (await run({ ...base, dimensions, measures: visual.measures }, reportLimits.maxTableRows)).rows;
  const matrix = visual.kind === 'matrix';
  // The rows and every total at once, each on its own connection.
  const [main, grand, rows, columns] = await Promise.all([
    rowsQuery(),
    run({ ...base, measures: visual.measures }, 1).then((result) => result.rows[0] ?? {}),
    matrix ? totalsBy(visual.rows) : Promise.resolve([]),
    matrix ? totalsBy(visual.columns) : Promise.resolve([]),
  ]);
  return { ...answer(main), totals: { grand, rows, columns } };
}

/** The rows a page of a table skips (null for the first page); other visuals have no pages. */
function tableOffset(visual: Visual, offset: number | undefined): number | null {
  if (offset === undefined || offset === 0) return null;
  if (visual.kind !== 'table') {
    throw new ReportQueryError(
      'invalid_report_query',
      `a ${visual.kind} visual has no pages: it takes no offset`,
    );
  }
  return offset;
}

/** The rows a visual that is not over time shows at most (a table: a page of them). */
function rowLimit(visual: Exclude<Visual, { kind: 'kpi' | 'slicer' }>): number {
  switch (visual.kind) {
    case 'line':
    case 'area':
      throw new ReportQueryError('invalid_report_query', `the axis of a ${visual.kind} chart must be a date`);
    case 'table':
    case 'matrix':
      return visual.limit ?? reportLimits.defaultTableRows;
    case 'bar':
    case 'column':
    case 'stacked_bar':
    case 'stacked_column':
    case 'pie':
    case 'donut':
      return Math.min(visual.limit ?? reportLimits.maxPointsPerSeries, reportLimits.maxPointsPerSeries);
    default:
      return unreachable(visual);
  }
}

/** By the first measure, largest first, unless the visual sorts. */
function sortOf(sort: readonly Sort[], measures: readonly string[]): readonly Sort[] {
  const first = measures[0];
  return sort.length > 0 || first === undefined ? sort : [{ field: first, direction: 'desc' }];
}

async function runTimeSeries(
  warehouse: Warehouse,
  model: SemanticModel,
  query: ReportQuery,
  axis: DimensionRef,
  legend: DimensionRef | null,
  input: VisualQueryInput,
): Promise<ReportQueryResponse> {
  const maxPoints = reportLimits.maxPointsPerSeries;
  let choice: GrainChoice = { grain: 'day', coarsened: false, overLimit: false };
  let stats: Row | null = null;
  if (!fitsByCalendar(model, query, axis, maxPoints, input.now)) {
    const counts = compileGrainCounts(model, query, axis, warehouse.engine, input);
    stats = (await runCompiled(warehouse, counts, input.timeoutMs)).rows[0] ?? {};
    choice = chooseGrain(counts.grains, stats, maxPoints);
  }
  const atGrain = { ...axis, grain: choice.grain };
  const result = await runQuery(
    warehouse,
    model,
    { ...query, dimensions: withLegend(atGrain, legend), sort: [{ field: axis.name, direction: 'asc' }] },
    input,
    reportLimits.maxChartRows,
  );
  const series = legend === null ? () => '' : (row: ReportRow) => JSON.stringify(row[legend.name] ?? null);
  const { rows, thinned } = choice.overLimit
    ? thinSeries(result.rows, series, reportLimits.maxPointsPerSeries)
    : { rows: result.rows, thinned: false };
  // By the calendar, the axis is by day: its last day with rows is the last row's.
  const through = stats === null ? lastDay(result.rows, axis.name) : stats[DATA_THROUGH];
  return {
    columns: result.columns,
    rows,
    truncated: result.truncated,
    sampled: choice.coarsened || thinned,
    totals: null,
    comparison: null,
    data_through: typeof through === 'string' ? through : null,
  };
}

/** The latest day among the rows' `column` (ISO days order as text); null without rows. */
function lastDay(rows: readonly ReportRow[], column: string): string | null {
  let last: string | null = null;
  for (const row of rows) {
    const day = row[column];
    if (typeof day === 'string' && (last === null || day > last)) last = day;
  }
  return last;
}
