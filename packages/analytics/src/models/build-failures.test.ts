import { describe, expect, it } from 'vitest';
import { ModelBuildError, buildModels } from './build';
import { MODELS, useModelWarehouse } from '../../test/build-fixture';
import { CANONICAL_MODELS } from './catalog';

/** A build that stops part way: at a model that fails, or when aborted, leaving earlier tables be. */

describe('buildModels', () => {
  const ctx = useModelWarehouse();

  it('stops at the first model that fails, names it, and keeps what was there', async () => {
    const { wh, select } = ctx;
    await buildModels(wh, MODELS);
    const before = await select('SELECT * FROM analytics.marketing_performance ORDER BY ALL');
    const failing = CANONICAL_MODELS.map((model) =>
      model.name === 'conversions'
        ? { ...model, sources: [{ origin: 'test', reads: [], sql: () => 'SELECT * FROM raw.nope' }] }
        : model,
    );
    const error = await buildModels(wh, { ...MODELS, models: failing }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelBuildError);
    expect(error).toMatchObject({
      model: 'conversions',
      message: expect.stringContaining('the conversions model failed to build'),
    });
    expect(await select('SELECT * FROM analytics.marketing_performance ORDER BY ALL')).toEqual(before);
    expect((await wh.listTables('analytics')).filter((t) => t.endsWith('__staged'))).toEqual([]);
  });

  // A repeated key still fails the build (the warehouse's materialize contract, `rebuiltOnly`).
  it('keeps no index on a model: it is only ever rebuilt whole, and no report reads by key', async () => {
    const { wh, select } = ctx;
    await buildModels(wh, MODELS);
    const indexed = await select(
      `SELECT table_name FROM duckdb_constraints()
       WHERE schema_name = 'analytics' AND constraint_type = 'PRIMARY KEY'`,
    );
    expect(indexed).toEqual([]);
  });

  it('stops between models when aborted', async () => {
    const { wh } = ctx;
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(buildModels(wh, { ...MODELS, signal: controller.signal })).rejects.toThrow('stop');
    expect(await wh.listTables('analytics')).toEqual([]);
  });
});
