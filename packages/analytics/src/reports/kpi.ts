import { unreachable } from '@maya/contracts';
// A KPI's comparison with the previous period: the same query over the days the current period is
// compared with (dates.ts comparedPeriods: like with like), and whether the data covers them.
import type { AdvancedDateFilter, DateRange, ReportFilter } from '@maya/contracts';
import type { ReportQuery } from './compile-query';
import { addDays, comparedPeriods, isIsoDay, resolveRelativeDate } from './dates';
import { ReportQueryError, semanticTable, type SemanticModel } from './semantic-model';

/** The days a condition keeps, as far as it bounds them; null: no bound on that side. */
type Bounds = { from: string | null; to: string | null };

/**
 * The days an advanced date filter's conditions bound, compared by day as the SQL does: "is
 * after 30 June" starts on 1 July, "is before 1 October" ends on 30 September, "is" is one day;
 * "is not" bounds nothing.
 */
function advancedBounds(filter: AdvancedDateFilter): Bounds[] {
  const second = filter.and ?? null;
  const conditions = second === null ? [filter] : [filter, second];
  return conditions.map(({ operator, value }) => {
    const day = value.slice(0, 10);
    // Read before the query is compiled (a chart's period): a bad day is a query error, no crash.
    if (!isIsoDay(day)) throw new ReportQueryError('invalid_report_query', `invalid date ${value}`);
    switch (operator) {
      case 'is':
        return { from: day, to: day };
      case 'is_not':
        return { from: null, to: null };
      case 'is_after':
        return { from: addDays(day, 1), to: null };
      case 'is_before':
        return { from: null, to: addDays(day, -1) };
      default:
        return unreachable(operator);
    }
  });
}

/**
 * The period the query covers on its table's time dimension: its date range, its relative date
 * filters and the bounds of its advanced date filters on that dimension, intersected ("is after
 * 30 June and is before 1 October" is Q3). Without a start and an end there is nothing of equal
 * length to compare with ("is after" alone is open).
 */
export function queryPeriod(model: SemanticModel, query: ReportQuery, now: Date): DateRange {
  const table = semanticTable(model, query.table);
  const time = table.timeDimension;
  const bounds: Bounds[] = query.dateRange === null ? [] : [query.dateRange];
  for (const filter of query.filters) {
    if (!onTime(filter, query.table, time)) continue;
    if (filter.kind === 'relative_date') bounds.push(resolveRelativeDate(filter, now));
    if (filter.kind === 'advanced_date') bounds.push(...advancedBounds(filter));
  }
  // ISO days order as text: the latest start and the earliest end.
  const from =
    bounds
      .flatMap((b) => (b.from === null ? [] : [b.from]))
      .sort()
      .at(-1) ?? null;
  const to = bounds.flatMap((b) => (b.to === null ? [] : [b.to])).sort()[0] ?? null;
  if (time === null || from === null || to === null) {
    throw new ReportQueryError(
      'comparison_needs_period',
      'comparing with the previous period needs a date range or date filters that start and end it',
    );
  }
  if (from > to) {
    throw new ReportQueryError('comparison_needs_period', 'the date range and the date filters share no day');
  }
  return { from, to };
}

/**
 * The query over the previous period: the date filters on the time dimension are replaced by the
 * previous period's days; every other filter stays. `through` is the table's last day with data:
 * the current period is compared up to it (comparedPeriods).
 */
export function previousPeriodQuery(
  model: SemanticModel,
  query: ReportQuery,
  now: Date,
  through: string | null = null,
): { query: ReportQuery; period: DateRange; previous: DateRange } {
  const { current, previous } = comparedPeriods(queryPeriod(model, query, now), through);
  return { query: { ...withoutDateFilters(model, query), dateRange: previous }, period: current, previous };
}

/** The query without its date range and date filters on the table's time dimension. */
export function withoutDateFilters(model: SemanticModel, query: ReportQuery): ReportQuery {
  const time = semanticTable(model, query.table).timeDimension;
  const filters = query.filters.filter(
    (f) => !(onTime(f, query.table, time) && (f.kind === 'relative_date' || f.kind === 'advanced_date')),
  );
  return { ...query, filters, dateRange: null };
}

function onTime(filter: ReportFilter, table: string, time: string | null): boolean {
  return time !== null && filter.table === table && filter.column === time;
}
