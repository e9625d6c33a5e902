// A KPI's answer with its comparison: the value, the previous period's (kpi.ts picks its days,
// like with like), and whether the data covers that period (coverage.ts).
import type { ReportQueryResponse } from '@maya/contracts';
import type { Warehouse } from '@maya/warehouse/interface';
import type { ReportQuery } from './compile-query';
import { compileSourceFirstDays, compileSourcesInPeriod, coveredFrom, previousCovered } from './coverage';
import { previousPeriodQuery, withoutDateFilters } from './kpi';
import { runCompiled, runQuery, type QueryInput } from './run-query';
import { semanticTable, type SemanticModel } from './semantic-model';
import { DATA_THROUGH, compileDataThrough } from './time-series';

/**
 * A KPI and its previous period: the current period is compared up to the table's last day with
 * data, and the change is withheld when a source's data starts after the previous period does.
 */
export async function runKpiComparison(
  warehouse: Warehouse,
  model: SemanticModel,
  query: ReportQuery,
  input: QueryInput,
): Promise<ReportQueryResponse> {
  const time = semanticTable(model, query.table).timeDimension;
  const options = { now: input.now, columns: input.columns ?? null, rollups: input.rollups ?? null };
  const freshness =
    time === null
      ? null
      : (
          await runCompiled(
            warehouse,
            compileDataThrough(model, query.table, time, warehouse.engine, options),
            input.timeoutMs,
          )
        ).rows[0]?.[DATA_THROUGH];
  const through = typeof freshness === 'string' ? freshness : null;
  const { query: previousQuery, period, previous } = previousPeriodQuery(model, query, input.now, through);
  const inPeriod = compileSourcesInPeriod(
    model,
    withoutDateFilters(model, query),
    period,
    warehouse.engine,
    options,
  );
  const firstDays = compileSourceFirstDays(model, query.table, warehouse.engine, options.rollups);
  // Both periods and the coverage at once, each on its own connection.
  const [current, before, sources, starts] = await Promise.all([
    runQuery(warehouse, model, query, input, 1),
    runQuery(warehouse, model, previousQuery, input, 1),
    runCompiled(warehouse, inPeriod, input.timeoutMs),
    runCompiled(warehouse, firstDays, input.timeoutMs),
  ]);
  const dataFrom = coveredFrom(model, query.table, sources.rows, starts.rows);
  return {
    columns: current.columns,
    rows: current.rows,
    truncated: current.truncated,
    sampled: false,
    totals: null,
    comparison: {
      ...previous,
      rows: before.rows,
      current: period,
      data_from: previousCovered(dataFrom, previous) ? null : dataFrom,
    },
    data_through: through,
  };
}
