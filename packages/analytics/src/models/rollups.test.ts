import { describe, expect, it } from 'vitest';
import type { Warehouse } from '@maya/warehouse';
import { ModelBuildError, buildModels } from './build';
import { MODELS, useModelWarehouse } from '../../test/build-fixture';
import { ROLLUPS } from './rollups';

/** The daily roll-ups are built with their models, and never left behind them (decision 810). */

describe('daily roll-ups', () => {
  const ctx = useModelWarehouse();

  it('are built right after their model: its sums per day and kept column, rows numbered by day', async () => {
    const { wh, select } = ctx;
    await buildModels(wh, MODELS);
    const tables = await wh.listTables('analytics');
    for (const rollup of ROLLUPS) expect(tables).toContain(rollup.table);
    const sums = 'SUM(cost_micros) AS cost, SUM(clicks) AS clicks, SUM(conversions) AS conversions';
    for (const [model, rollup] of [
      ['marketing_performance', 'marketing_performance_daily'],
      ['marketing_costs', 'marketing_costs_daily'],
    ]) {
      const by = 'date, source_service, account_id, channel, campaign_type, currency';
      const want = await select(`SELECT ${by}, ${sums} FROM analytics.${model} GROUP BY ALL ORDER BY ALL`);
      const got = await select(`SELECT ${by}, ${sums} FROM analytics.${rollup} GROUP BY ALL ORDER BY ALL`);
      expect(got.length).toBeGreaterThan(0);
      expect(got).toEqual(want);
      // One row per kept tuple.
      const [counts] = await select(
        `SELECT COUNT(*) AS n, COUNT(DISTINCT (${by})) AS distinct_rows FROM analytics.${rollup}`,
      );
      expect(counts?.n).toBe(counts?.distinct_rows);
    }
    // Built twice from the same rows: the same table, numbers and all.
    const first = await select('SELECT * FROM analytics.marketing_performance_daily ORDER BY rollup_row');
    await buildModels(wh, MODELS);
    expect(await select('SELECT * FROM analytics.marketing_performance_daily ORDER BY rollup_row')).toEqual(
      first,
    );
  });

  it('a roll-up that fails fails its model’s build, and every roll-up of the model is dropped', async () => {
    const { wh } = ctx;
    await buildModels(wh, MODELS);
    const failing: Warehouse = {
      ...wh,
      materialize: (schema, table, sql, params, opts) =>
        table.name === 'marketing_performance_daily'
          ? Promise.reject(new Error('disk full'))
          : wh.materialize(schema, table, sql, params, opts),
    };
    // Other settings: conversions change, and marketing performance, which reads them, is built.
    const settings = { metaConversionActionTypes: ['purchase'] };
    const error = await buildModels(failing, { ...MODELS, settings }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelBuildError);
    expect(error).toMatchObject({
      model: 'marketing_performance',
      message: expect.stringContaining('disk full'),
    });
    const tables = await wh.listTables('analytics');
    expect(tables).toContain('marketing_performance');
    // The roll-up by campaign, of the old rows, would answer in its place: both are gone.
    expect(tables).not.toContain('marketing_performance_daily');
    expect(tables).not.toContain('marketing_performance_campaigns_daily');
  });
});
