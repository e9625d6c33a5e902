import { describe, expect, it } from 'vitest';
import { buildModels } from './build';
import { MODELS, useModelWarehouse } from '../../test/build-fixture';

/** Building when some of the raw tables the models read are not loaded. */

describe('buildModels', () => {
  const ctx = useModelWarehouse();

  it('builds models without inputs as empty tables, and only from campaigns when ad groups are not loaded', async () => {
    const { wh, select } = ctx;
    await wh.dropTable('raw', 'google_ads__ad_groups');
    const result = await buildModels(wh, MODELS);
    const counts = Object.fromEntries(result.models.map((x) => [x.name, x.rows]));
    expect(counts).toMatchObject({
      keywords: 0,
      budgets: 0,
      ga4_traffic: 0,
      email_campaigns: 0,
      landing_pages: 0,
      conversions: 5,
    });
    expect((await wh.listColumns('analytics', 'budgets')).map((c) => c.name)).toContain('budget_micros');
    const google = await select(
      `SELECT campaign_id, ad_group_id, cost_micros FROM analytics.marketing_performance
       WHERE source_service = 'google_ads' ORDER BY date, campaign_id`,
    );
    expect(google).toEqual([
      { campaign_id: 'c1', ad_group_id: '', cost_micros: 3_000_000 },
      { campaign_id: 'c3', ad_group_id: '', cost_micros: 4_000_000 },
      { campaign_id: 'pmax', ad_group_id: '', cost_micros: 2_500_000 },
      { campaign_id: 'c1', ad_group_id: '', cost_micros: 1_000_000 },
    ]);
  });
});
