// The third figure of `npm run bench:clusters` (issue 24): the time from saving a cluster column
// until a report filtered and grouped by it answers, over the same number of rows on DuckDB. It
// runs the server's own path: the column registered as a derived column of marketing_performance,
// applied by modelling's `applyDerivedColumns` (what a save's rebuild runs: the column's side
// table, one row per distinct tuple of what its rules read, built and renamed in one transaction;
// the table's rows are not written, decision 500), the organization's semantic model with the
// column applied, then the -maya campaigns table grouped by the column and filtered by two of its
// values, compiled (the side table joined) and run by the report compiler the report engine uses.
// Wall time and the process's CPU time (DuckDB's threads included) are both taken: the machine
// is shared, and the CPU time moves less with the others' load.
import {
  CANONICAL_MODELS,
  compileClusterColumn,
  usedColumns,
  MAYA_REPORT,
  MODEL_SCHEMA,
  modelTable,
  runVisualQuery,
  type ClusterColumn,
  type ClusterContext,
} from '@maya/analytics';
import type { Visual } from '@maya/contracts';
import type { TableSchema, Warehouse } from '@maya/warehouse';
import { applyDerivedColumns, organizationSemanticModels, type DerivedColumn } from '@maya/server/bench';

const DAY_ZERO = '2025-01-01';
const TABLE = 'marketing_performance';

type Column = TableSchema['columns'][number];

function marketingPerformance() {
  const model = CANONICAL_MODELS.find((m) => m.name === TABLE);
  if (model === undefined) throw new Error(`no ${TABLE} model`);
  return model;
}

/** The generated columns of marketing_performance; the others get their type's empty value. */
function generated(adGroups: number): Record<string, string> {
  const k = `(id % ${adGroups})`;
  return {
    date: `DATE '${DAY_ZERO}' + CAST(id // ${adGroups} AS INTEGER)`,
    source_service: `'google_ads'`,
    account_id: `'1234567890'`,
    campaign_id: `CAST(${k} % 5 AS VARCHAR)`,
    ad_group_id: `CAST(${k} AS VARCHAR)`,
    channel: `'Google Ads'`,
    campaign_name: 'campaign_name',
    ad_group_name: 'ad_group_name',
    currency: `'EUR'`,
    cost_micros: 'cost_micros',
    cost_minor: 'cost_micros // 10000',
    clicks: 'clicks',
  };
}

function emptyValue(column: Column): string {
  if (column.nullable) return 'NULL';
  switch (column.type) {
    case 'string':
    case 'json':
      return "''";
    case 'date':
      return `DATE '${DAY_ZERO}'`;
    case 'timestamp':
      return `TIMESTAMP '${DAY_ZERO} 00:00:00'`;
    case 'boolean':
      return 'false';
    case 'bigint':
    case 'integer':
    case 'decimal':
    case 'double':
      return '0';
    default: {
      const unknown: never = column.type;
      throw new Error(`no empty value of ${String(unknown)}`);
    }
  }
}

/**
 * Fills analytics.marketing_performance from the bench's generated ad-group rows (`source`, with
 * campaign_name, ad_group_name, cost_micros and clicks over `i`): one row per ad group and day.
 */
export async function fillMarketingPerformance(
  warehouse: Warehouse,
  source: string,
  adGroups: number,
): Promise<void> {
  const table = modelTable(marketingPerformance());
  const values = generated(adGroups);
  const select = table.columns
    .map((column) => `${values[column.name] ?? emptyValue(column)} AS "${column.name}"`)
    .join(', ');
  await warehouse.ensureSchema(MODEL_SCHEMA);
  await warehouse.materialize(MODEL_SCHEMA, table, `SELECT ${select} FROM (${source}) AS g`);
}

/** The bench column as the clusters module registers it (clusters/derived-columns.ts). */
function derivedColumn(column: ClusterColumn, context: ClusterContext): DerivedColumn {
  const { fields, wordGroups } = context;
  return {
    table: TABLE,
    column: column.dbName,
    label: column.name,
    reads: usedColumns([column], context),
    expression: (dialect, offset) => compileClusterColumn(column, { fields, wordGroups, dialect, offset }),
  };
}

/** -maya's campaigns table grouped by the column. */
function groupedVisual(dbName: string): Visual {
  const visual = MAYA_REPORT.pages.flatMap((page) => page.visuals).find((v) => v.id === 'campaigns');
  if (visual === undefined || visual.kind !== 'table') throw new Error('-maya has no campaigns table');
  return { ...visual, dimensions: [{ name: dbName, grain: null }] };
}

/** What one save took: wall and CPU seconds, to the applied column and to the report's answer. */
export type ReachFigures = {
  applySeconds: number;
  applyCpuSeconds: number;
  wallSeconds: number;
  cpuSeconds: number;
  /** Rows of the side table: the distinct tuples the rules ran over. */
  distinctTuples: number;
  /** Rows of values the report gave. */
  values: number;
};

const cpuSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
};

/**
 * Saves (applies) the column on the filled table, then asks the grouped and filtered report;
 * answers the figures. Throws when the column was not applied or the report found nothing.
 */
export async function saveAndReport(
  warehouse: Warehouse,
  column: ClusterColumn,
  context: ClusterContext,
): Promise<ReachFigures> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const applied = await applyDerivedColumns(warehouse, {
    derived: [derivedColumn(column, context)],
    tables: [TABLE],
  });
  if (applied === null || applied.applied.length !== 1) {
    throw new Error(`the column was not applied: ${JSON.stringify(applied?.refused ?? 'a full build')}`);
  }
  const applySeconds = (performance.now() - started) / 1000;
  const applyCpuSeconds = cpuSince(cpu);
  const distinctTuples = applied.models.find((m) => m.name === TABLE)?.rows ?? 0;
  const model = organizationSemanticModels(applied.applied).find((m) => m.name === MAYA_REPORT.model);
  if (model === undefined) throw new Error('no marketing model');
  const values = column.ruleSets.slice(0, 2).map((set) => set.name);
  const filter = {
    id: column.dbName,
    kind: 'list' as const,
    table: 'performance',
    column: column.dbName,
    mode: 'include' as const,
    values,
  };
  const answer = await runVisualQuery(warehouse, model, groupedVisual(column.dbName), {
    filters: [filter],
    dateRange: null,
    sort: null,
    now: new Date(),
    timeoutMs: 30 * 60_000,
    money: { currency: 'EUR', rates: false },
  });
  if (answer.rows.length === 0) throw new Error('the report filtered by the column found no rows');
  return {
    applySeconds,
    applyCpuSeconds,
    wallSeconds: (performance.now() - started) / 1000,
    cpuSeconds: cpuSince(cpu),
    distinctTuples,
    values: answer.rows.length,
  };
}
