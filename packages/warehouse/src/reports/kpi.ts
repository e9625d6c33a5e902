// A KPI's comparison with the previous period: the same query over the days of equal length that
// end the day before the current period starts (1-31 March → 30 January-29 February).
import type { DateRange, ReportFilter } from '@maya/contracts';
import type { ReportQuery } from './compile-query';
import { intersect, previousPeriod, resolveRelativeDate } from './dates';
import { ReportQueryError, semanticTable, type SemanticModel } from './semantic-model';

/**
 * The period the query covers on its table's time dimension: its date range and its relative date
 * filters on that dimension, intersected. Other conditions (an advanced date filter such as
 * "is after") do not bound a period; without any bound there is nothing to compare with.
 */
export function queryPeriod(model: SemanticModel, query: ReportQuery, now: Date): DateRange {
  const table = semanticTable(model, query.table);
  const time = table.timeDimension;
  const ranges: DateRange[] = query.dateRange === null ? [] : [query.dateRange];
  for (const filter of query.filters) {
    if (onTime(filter, query.table, time) && filter.kind === 'relative_date') {
      ranges.push(resolveRelativeDate(filter, now));
    }
  }
  const [first, ...rest] = ranges;
  if (time === null || first === undefined) {
    throw new ReportQueryError(
      'comparison_needs_period',
      'comparing with the previous period needs a date range or a relative date filter on the date',
    );
  }
  const period = rest.reduce<DateRange | null>(
    (acc, range) => (acc === null ? null : intersect(acc, range)),
    first,
  );
  if (period === null) {
    throw new ReportQueryError('comparison_needs_period', 'the date range and the date filters share no day');
  }
  return period;
}

/**
 * The query over the previous period: the date filters on the time dimension are replaced by the
 * previous period's days; every other filter stays.
 */
export function previousPeriodQuery(
  model: SemanticModel,
  query: ReportQuery,
  now: Date,
): { query: ReportQuery; period: DateRange; previous: DateRange } {
  const period = queryPeriod(model, query, now);
  const previous = previousPeriod(period);
  const time = semanticTable(model, query.table).timeDimension;
  const filters = query.filters.filter(
    (f) => !(onTime(f, query.table, time) && (f.kind === 'relative_date' || f.kind === 'advanced_date')),
  );
  return { query: { ...query, filters, dateRange: previous }, period, previous };
}

function onTime(filter: ReportFilter, table: string, time: string | null): boolean {
  return time !== null && filter.table === table && filter.column === time;
}
