// Whether the data covers the period a KPI is compared with. A source connected later (or a
// provider that keeps 16 months, as Search Console does) leaves the previous period partly empty,
// and a change against it reads as growth that never happened ("+868.9 %").
import type { DateRange } from '@maya/contracts';
import { ident, type SqlDialect } from '../models/dialect';
import { fromWhere, timeColumn, type CompileOptions, type ReportQuery } from './compile-query';
import { Params, sourceSql, type CompiledSql } from './report-sql';
import { dimension, semanticTable, type SemanticModel } from './semantic-model';

export const COVERED_FROM = 'covered_from';

/**
 * The first day from which every source with data in the current period has data:
 * `SELECT MAX(first_day) AS covered_from` over the sources (the table's `sourceDimensions`)
 * that have rows under the query's other filters up to the period's end and still have some in
 * the period. Null when none has. `query` carries no date filter (kpi.ts withoutDateFilters).
 */
export function compileCoverage(
  model: SemanticModel,
  query: Pick<ReportQuery, 'table' | 'filters'>,
  current: DateRange,
  dialect: SqlDialect,
  options: CompileOptions,
): CompiledSql {
  const table = semanticTable(model, query.table);
  const day = timeColumn(dialect, table);
  const params = new Params(dialect);
  // From the first day there is: only the end bounds the rows read.
  const { from, where } = fromWhere(
    model,
    { ...query, dateRange: { from: '0001-01-01', to: current.to } },
    dialect,
    params,
    options.now,
  );
  const sources = (table.sourceDimensions ?? []).map((name) =>
    sourceSql(dialect, dimension(table, name).sql),
  );
  const groupBy = sources.length === 0 ? '' : ` GROUP BY ${sources.join(', ')}`;
  const inPeriod = `MAX(${day}) >= ${params.bind(current.from, 'date')}`;
  const firstDay = ident(dialect, 'first_day');
  return {
    sql:
      `SELECT MAX(${firstDay}) AS ${ident(dialect, COVERED_FROM)} FROM ` +
      `(SELECT MIN(${day}) AS ${firstDay} FROM ${from}${where}${groupBy} HAVING ${inPeriod}) AS ${ident(dialect, 'sources')}`,
    params: params.values,
  };
}

/**
 * Whether the previous period is covered as the current one is: false when a source's data
 * starts after the previous period does.
 */
export function previousCovered(coveredFrom: string | null, previous: DateRange): boolean {
  return coveredFrom === null || coveredFrom <= previous.from;
}
