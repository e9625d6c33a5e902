import { describe, expect, it } from 'vitest';
import { buildModels } from './build';
import { moneyDays } from './exchange-rates';
import { D1, D2, MODELS, useModelWarehouse } from '../../test/build-fixture';

/** The days the rates are written for: every money table's, in one statement. */
describe('moneyDays', () => {
  const ctx = useModelWarehouse();

  it('is null before any money table has rows', async () => {
    await ctx.wh.ensureSchema('analytics');
    expect(await moneyDays(ctx.wh, 'analytics')).toBeNull();
  });

  it('spans the money tables, a table the catalogue does not know included, tables without money not', async () => {
    const { wh } = ctx;
    await buildModels(wh, MODELS);
    expect(await moneyDays(wh, 'analytics')).toEqual({ from: D1, to: D2 });
    const day = (name: string) => ({ name, type: 'date' as const, nullable: false });
    const text = (name: string) => ({ name, type: 'string' as const, nullable: false });
    await wh.createTable('analytics', {
      name: 'other_money',
      columns: [day('date'), text('currency')],
      primaryKey: ['date'],
    });
    await wh.loadBatch('analytics', 'other_money', [[{ date: '2024-01-15', currency: 'EUR' }]]);
    await wh.createTable('analytics', { name: 'no_money', columns: [day('date')], primaryKey: ['date'] });
    await wh.loadBatch('analytics', 'no_money', [[{ date: '2023-01-01' }]]);
    expect(await moneyDays(wh, 'analytics')).toEqual({ from: '2024-01-15', to: D2 });
  });
});
