import { describe, expect, it } from 'vitest';
import type { Warehouse } from '@maya/warehouse/interface';
import { buildModels } from './build';
import { CANONICAL_MODELS } from './catalog';
import { modelContext, modelReads, modelSql } from './model';
import { D1, MODELS, useModelWarehouse } from '../../test/build-fixture';

/**
 * A rebuild leaves a model whose inputs have not changed since it was built (build-inputs.ts):
 * its statement and roll-ups, the rows of the raw tables it names, the models it reads.
 */
describe('a rebuild', () => {
  const ctx = useModelWarehouse();

  /** The warehouse, with the tables each build materializes written down. */
  function counting(wh: Warehouse): { wh: Warehouse; built: string[] } {
    const built: string[] = [];
    return {
      built,
      wh: {
        ...wh,
        materialize: (schema, table, ...rest) => {
          built.push(table.name);
          return wh.materialize(schema, table, ...rest);
        },
      },
    };
  }
  const everything = () => ctx.select('SELECT * FROM analytics.marketing_performance ORDER BY ALL');

  it('from the same raw tables builds nothing again and answers every model with its rows', async () => {
    const first = await buildModels(ctx.wh, MODELS);
    const before = await everything();
    const { wh, built } = counting(ctx.wh);
    const second = await buildModels(wh, MODELS);
    expect(built).toEqual([]);
    expect(second).toEqual(first);
    expect(await everything()).toEqual(before);
  });

  it('after a change to a raw table builds the models that read it and those that read them, no other', async () => {
    await buildModels(ctx.wh, MODELS);
    await ctx.wh.loadBatch('raw', 'facebook_ads__campaigns', [
      [
        {
          account_id: 'act_1',
          date: D1,
          campaign_id: 'm1',
          currency: 'JPY',
          cost_micros: 7_000_000,
          impressions: 20,
          clicks: 2,
          campaign_name: 'Sale',
          objective: 'OUTCOME_SALES',
        },
      ],
    ]);
    const { wh, built } = counting(ctx.wh);
    await buildModels(wh, MODELS);
    // Meta's campaigns: marketing performance (and its roll-ups), then the costs that read it.
    expect(built).toEqual([
      'marketing_performance',
      'marketing_performance_daily',
      'marketing_performance_campaigns_daily',
      'marketing_costs',
      'marketing_costs_daily',
    ]);
    const [meta] = await ctx.select(
      `SELECT sum(cost_micros)::BIGINT AS cost_micros FROM analytics.marketing_performance
       WHERE campaign_id = 'm1' AND date = '${D1}'`,
    );
    // The campaign's day, its ad sets and the rest of it, is the new cost.
    expect(meta).toEqual({ cost_micros: 7_000_000 });
  });

  it('after a change of settings, a dropped roll-up or a dropped table builds what changed or is missing', async () => {
    await buildModels(ctx.wh, MODELS);
    const settings = { metaConversionActionTypes: ['purchase'] };
    let { wh, built } = counting(ctx.wh);
    await buildModels(wh, { ...MODELS, settings });
    expect(built[0]).toBe('conversions');
    await ctx.wh.dropTable('analytics', 'marketing_costs_daily');
    await ctx.wh.dropTable('analytics', 'keywords');
    ({ wh, built } = counting(ctx.wh));
    await buildModels(wh, { ...MODELS, settings });
    expect(built).toEqual(['keywords', 'marketing_costs', 'marketing_costs_daily']);
  });

  it('knows every raw table a model reads: each is named through the context, none in the statement alone', () => {
    for (const model of CANONICAL_MODELS) {
      const named = new Set<string>();
      const context = modelContext(model, {
        dialect: 'duckdb',
        ...MODELS,
        rawTables: new Set(CANONICAL_MODELS.flatMap(modelReads)),
      });
      const sql = modelSql(model, { ...context, raw: (table) => (named.add(table), context.raw(table)) });
      const inStatement = new Set([...sql.matchAll(/"raw"\s*\.\s*"([^"]+)"/g)].map((m) => m[1]));
      expect([...inStatement].sort(), model.name).toEqual([...named].sort());
      expect(sql, model.name).not.toMatch(/\braw\s*\.\s*[a-z_]/i);
    }
  });
});
