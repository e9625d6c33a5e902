// Charts over time draw at most reportLimits.maxPointsPerSeries points a series: the rows are
// aggregated on the server at the finest grain (the one asked, or coarser) whose number of
// periods with data fits, and only when even the coarsest grain does not fit are the points of a
// series sampled, evenly.
import { TIME_GRAINS, type DateRange, type TimeGrain } from '@maya/contracts';
import { ident, type SqlDialect } from '../models/dialect';
import type { Row } from '@maya/warehouse/interface';
import { fromWhere, selectDimension, type CompileOptions, type ReportQuery } from './compile-query';
import { daysBetween } from './dates';
import { queryPeriod } from './kpi';
import { Params, sourceSql, truncateDate, type CompiledSql } from './report-sql';
import { ReportQueryError, semanticTable, type SemanticModel } from './semantic-model';

export const DATA_THROUGH = 'data_through';

/**
 * How many periods hold rows at each grain from `grain` up that the axis offers (one column per
 * grain, named after it), and the axis' last day (`data_through`), under the query's filters.
 * The periods of all series together bound each series' points.
 */
export function compileGrainCounts(
  model: SemanticModel,
  query: Pick<ReportQuery, 'table' | 'filters' | 'dateRange'>,
  axis: { name: string; grain: TimeGrain | null },
  dialect: SqlDialect,
  options: CompileOptions,
): CompiledSql & { grains: TimeGrain[] } {
  const table = semanticTable(model, query.table);
  const selected = selectDimension(dialect, table, axis);
  if (selected.grain === null) {
    throw new ReportQueryError(
      'invalid_report_query',
      `the axis ${axis.name} of a chart over time must be a date`,
    );
  }
  const column = sourceSql(dialect, selected.dim.sql);
  const grains = coarserGrains(selected.grain, selected.dim.grains);
  const params = new Params(dialect);
  const { from, where } = fromWhere(model, query, dialect, params, options, [axis.name]);
  const counts = grains.map(
    (grain) => `COUNT(DISTINCT ${truncateDate(dialect, column, grain)}) AS ${ident(dialect, grain)}`,
  );
  const last = `MAX(${column}) AS ${ident(dialect, DATA_THROUGH)}`;
  return {
    sql: `SELECT ${[...counts, last].join(', ')} FROM ${from}${where}`,
    params: params.values,
    grains,
  };
}

/**
 * Whether a chart's axis fits by the calendar alone, so that the periods with data need no
 * counting: a daily axis on the table's time dimension over a period (date range, relative date
 * filters, advanced date filters bounding both ends: `queryPeriod`) of at most `maxPoints` days has at most that many points a series, whatever the rows.
 * That is the usual chart (the last 30 days by day), and it spares a pass over the period.
 */
export function fitsByCalendar(
  model: SemanticModel,
  query: ReportQuery,
  axis: { name: string; grain: TimeGrain | null },
  maxPoints: number,
  now: Date,
): boolean {
  const table = semanticTable(model, query.table);
  if (axis.name !== table.timeDimension || (axis.grain ?? 'day') !== 'day') return false;
  let period: DateRange;
  try {
    period = queryPeriod(model, query, now);
  } catch (error) {
    if (error instanceof ReportQueryError) return false; // no bounded period
    throw error;
  }
  return daysBetween(period) <= maxPoints;
}

/**
 * The last day with data of a table's time dimension, over every row (a visual's freshness):
 * `SELECT MAX(day) AS data_through`. A plain MAX, which the engines answer from their column
 * statistics or one cheap pass, unlike the period counts above.
 */
export function compileDataThrough(
  model: SemanticModel,
  tableName: string,
  timeDimension: string,
  dialect: SqlDialect,
  options: CompileOptions,
): CompiledSql {
  const table = semanticTable(model, tableName);
  const selected = selectDimension(dialect, table, { name: timeDimension, grain: null });
  const column = sourceSql(dialect, selected.dim.sql);
  const params = new Params(dialect);
  const { from, where } = fromWhere(
    model,
    { table: tableName, filters: [], dateRange: null },
    dialect,
    params,
    options,
  );
  return {
    sql: `SELECT MAX(${column}) AS ${ident(dialect, DATA_THROUGH)} FROM ${from}${where}`,
    params: params.values,
  };
}

/** `grain` and the coarser grains the dimension offers, finest first (day is always offered). */
export function coarserGrains(grain: TimeGrain, offered: readonly TimeGrain[]): TimeGrain[] {
  return TIME_GRAINS.slice(TIME_GRAINS.indexOf(grain)).filter((g) => g === grain || offered.includes(g));
}

export type GrainChoice = {
  grain: TimeGrain;
  /** A coarser grain than the one asked for. */
  coarsened: boolean;
  /** Even the coarsest grain has more periods than allowed: the series must be thinned. */
  overLimit: boolean;
};

/** The finest grain whose period count is within `maxPoints`, from the counts' row. */
export function chooseGrain(grains: readonly TimeGrain[], counts: Row, maxPoints: number): GrainChoice {
  const asked = grains[0];
  if (asked === undefined) throw new Error('no grain to choose from');
  for (const grain of grains) {
    if (Number(counts[grain] ?? 0) <= maxPoints)
      return { grain, coarsened: grain !== asked, overLimit: false };
  }
  const coarsest = grains[grains.length - 1] ?? asked;
  return { grain: coarsest, coarsened: coarsest !== asked, overLimit: true };
}

/**
 * Keeps at most `maxPoints` rows of each series (rows sharing `seriesOf`), evenly spaced and
 * always including the first and the last; the rows' order is kept.
 */
export function thinSeries<R extends Row>(
  rows: readonly R[],
  seriesOf: (row: R) => string,
  maxPoints: number,
): { rows: R[]; thinned: boolean } {
  const bySeries = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const key = seriesOf(row);
    const indexes = bySeries.get(key) ?? [];
    indexes.push(i);
    bySeries.set(key, indexes);
  });
  const kept = new Set<number>();
  let thinned = false;
  for (const indexes of bySeries.values()) {
    if (indexes.length <= maxPoints) {
      indexes.forEach((i) => kept.add(i));
      continue;
    }
    thinned = true;
    const step = (indexes.length - 1) / Math.max(maxPoints - 1, 1);
    for (let k = 0; k < maxPoints; k += 1) {
      const index = indexes[Math.round(k * step)];
      if (index !== undefined) kept.add(index);
    }
  }
  return { rows: rows.filter((_, i) => kept.has(i)), thinned };
}
