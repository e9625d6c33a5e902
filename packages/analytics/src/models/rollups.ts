// Daily roll-ups (decision 810): a model's summed columns per day and a few coarse columns
// (service, account, channel, campaign type, currency), tens of rows a day where the model has
// thousands. The report compiler reads a roll-up in place of its model whenever a statement's
// dimensions, filters and measures need nothing else (reports/rollup.ts), so that a dashboard's
// overview reads days of accounts, not days of ad groups. A roll-up is built right after its
// model, in the same build, from the model's table alone, with the same column names and types:
// the statement the compiler wrote for the model runs on it unchanged.
import type { Column, TableSchema } from '@maya/warehouse/interface';
import { cast, ident, tableRef, type SqlDialect } from './dialect';
import { MARKETING_COSTS } from './expenses';
import { MARKETING_PERFORMANCE } from './marketing-performance';
import type { CanonicalModel } from './model';

export type Rollup = {
  /** The model it sums. */
  model: string;
  /** Its table, beside the model's. */
  table: string;
  /** The model's columns it keeps, grouped by; the first is the day. */
  kept: readonly string[];
};

/**
 * The row number that keys a roll-up's rows (the kept columns may be NULL, which a key may not
 * be): rows are written by day, then by it.
 */
const ROW = 'rollup_row';

/** The columns both marketing tables are rolled up by (the costs also by their cost type). */
const AD_ROLLUP = ['date', 'source_service', 'account_id', 'channel', 'campaign_type', 'currency'];

/** A model's roll-ups, coarsest first: a statement reads the first that holds what it reads. */
export const ROLLUPS: readonly Rollup[] = [
  { model: MARKETING_PERFORMANCE.name, table: 'marketing_performance_daily', kept: AD_ROLLUP },
  // By campaign too (a seventh of the rows on an account with ad groups): the campaigns tables,
  // grouped by the packed channel and campaign as on the table itself.
  {
    model: MARKETING_PERFORMANCE.name,
    table: 'marketing_performance_campaigns_daily',
    kept: [...AD_ROLLUP, 'campaign_id', 'campaign_name', 'channel_campaign'],
  },
  { model: MARKETING_COSTS.name, table: 'marketing_costs_daily', kept: [...AD_ROLLUP, 'cost_type'] },
];

/** The columns a roll-up has: the kept ones and the model's summed ones, named and typed as there. */
export function rollupColumns(model: CanonicalModel, rollup: Rollup): Column[] {
  const kept = rollup.kept.map((name) => {
    const found = model.columns.find((c) => c.name === name);
    if (found === undefined) throw new Error(`${model.name} has no column ${name} to roll up by`);
    if (found.role === 'sum' || found.role === 'minor') {
      throw new Error(`${model.name}.${name} is not a column to roll up by`);
    }
    return found;
  });
  const summed = model.columns.filter((c) => c.role === 'sum');
  return [...kept, ...summed].map(({ name, type, nullable }) => ({ name, type, nullable }));
}

/** The roll-up's table and the query that fills it from the model's table. */
export function rollupBuild(
  dialect: SqlDialect,
  schema: string,
  model: CanonicalModel,
  rollup: Rollup,
): { table: TableSchema; sql: string } {
  const columns = rollupColumns(model, rollup);
  const q = (name: string) => ident(dialect, name);
  const kept = rollup.kept.map(q);
  const sums = columns
    .filter((c) => !rollup.kept.includes(c.name))
    .map((c) => `${cast(dialect, `SUM(${q(c.name)})`, c.type)} AS ${q(c.name)}`);
  // Ordered by every kept column, so that building twice from the same rows numbers them the same.
  const sql =
    `SELECT ROW_NUMBER() OVER (ORDER BY ${kept.map((k) => `${q('g')}.${k}`).join(', ')}) AS ${q(ROW)}, ${q('g')}.* FROM (` +
    `SELECT ${[...kept, ...sums].join(', ')} FROM ${tableRef(dialect, schema, model.name)} GROUP BY ${kept.join(', ')}` +
    `) AS ${q('g')}`;
  return {
    table: {
      name: rollup.table,
      columns: [{ name: ROW, type: 'bigint', nullable: false }, ...columns],
      primaryKey: [rollup.kept[0] ?? 'date', ROW],
    },
    sql,
  };
}

/** Whether a table of the model schema is a roll-up (not a model of its own). */
export const isRollupTable = (table: string): boolean => ROLLUPS.some((r) => r.table === table);

/** The roll-ups of a model. */
export const rollupsOf = (model: string): readonly Rollup[] => ROLLUPS.filter((r) => r.model === model);

/** A model's roll-ups as the report compiler knows them: each table and the columns it holds. */
export function rollupsFor(model: CanonicalModel): { table: string; columns: readonly string[] }[] {
  return rollupsOf(model.name).map((rollup) => ({
    table: rollup.table,
    columns: rollupColumns(model, rollup).map((c) => c.name),
  }));
}
