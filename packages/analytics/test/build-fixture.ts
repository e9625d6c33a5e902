import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openDuckDbWarehouse } from '@maya/warehouse';
import type { ColumnType, Row, TableSchema, Warehouse } from '@maya/warehouse';

/**
 * What the model build tests share: a DuckDB warehouse per test whose `raw` schema holds the
 * connectors' ad tables, and where `buildModels` puts the models.
 */

// Raw tables as the connectors declare them (only the columns the models read), with rows that
// exercise the shapes the marketing model must keep whole: ad groups that add up to their
// campaign, a campaign without ad groups, a campaign with more than its ad groups, Meta's
// campaign-level conversions, renamed campaigns. Columns are `name` (a string) or `name:type`.
const raw = (name: string, key: string, columns: string): TableSchema => {
  const primaryKey = key.split(' ');
  return {
    name,
    primaryKey,
    columns: columns.split(/\s+/).map((spec) => {
      const [column = '', type = 'string'] = spec.split(':');
      return { name: column, type: type as ColumnType, nullable: !primaryKey.includes(column) };
    }),
  };
};
const PAID =
  'impressions:bigint clicks:bigint cost_micros:bigint conversions:double conversions_value:double currency';
const DELIVERY = 'currency cost_micros:bigint impressions:bigint clicks:bigint';
const GOOGLE_CAMPAIGNS = raw(
  'google_ads__campaigns',
  'account_id date campaign_id',
  `date:date account_id campaign_id campaign_name channel_type ${PAID}`,
);
const GOOGLE_AD_GROUPS = raw(
  'google_ads__ad_groups',
  'account_id date ad_group_id',
  `date:date account_id campaign_id ad_group_id ad_group_name ${PAID}`,
);
const META_CAMPAIGNS = raw(
  'facebook_ads__campaigns',
  'account_id date campaign_id',
  `account_id date:date campaign_id campaign_name objective ${DELIVERY}`,
);
const META_AD_SETS = raw(
  'facebook_ads__ad_sets',
  'account_id date ad_set_id',
  `account_id date:date campaign_id ad_set_id ad_set_name ${DELIVERY}`,
);
const META_CONVERSIONS = raw(
  'facebook_ads__conversions',
  'account_id date campaign_id action_type',
  'account_id date:date campaign_id action_type conversions:double currency conversion_value_micros:bigint',
);

/** The two days of the raw rows. */
export const D1 = '2024-03-01';
export const D2 = '2024-03-02';
const g = (date: string, campaign: string, name: string, cost: number, conversions = 0, value = 0): Row => ({
  date,
  account_id: '111',
  campaign_id: campaign,
  campaign_name: name,
  channel_type: 'SEARCH',
  impressions: cost / 1000,
  clicks: cost / 100_000,
  cost_micros: cost,
  conversions,
  conversions_value: value,
  currency: 'USD',
});
const ag = (
  date: string,
  campaign: string,
  adGroup: string,
  cost: number,
  conversions = 0,
  value = 0,
): Row => {
  const { campaign_name: _, channel_type: __, ...metrics } = g(date, campaign, '', cost, conversions, value);
  return { ...metrics, ad_group_id: adGroup, ad_group_name: `Group ${adGroup}` };
};
const m = (date: string, campaign: string, cost: number): Row => ({
  account_id: 'act_1',
  date,
  campaign_id: campaign,
  currency: 'JPY',
  cost_micros: cost,
  impressions: 10,
  clicks: 1,
});

/** Where the tests' raw tables are and their models go. */
export const MODELS = { rawSchema: 'raw', modelSchema: 'analytics' };

export type ModelWarehouse = {
  /** A fresh warehouse per test, its raw tables loaded. */
  wh: Warehouse;
  /** The rows of a read-only query. */
  select: (sql: string) => Promise<Row[]>;
};

/** Registers the per-test setup: a new DuckDB file with the raw tables loaded, removed after. */
export function useModelWarehouse(): ModelWarehouse {
  let dir = '';
  const ctx: ModelWarehouse = {
    wh: null as unknown as Warehouse,
    select: async (sql) => (await ctx.wh.query(sql, [], { timeoutMs: 10_000 })).rows,
  };

  async function load(table: TableSchema, rows: Row[]): Promise<void> {
    await ctx.wh.createTable('raw', table);
    await ctx.wh.loadBatch('raw', table.name, [rows]);
  }

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'maya-models-'));
    ctx.wh = await openDuckDbWarehouse({ file: join(dir, 'w.duckdb') });
    await ctx.wh.ensureSchema('raw');
    await load(GOOGLE_CAMPAIGNS, [
      g(D1, 'c1', 'Old name', 3_000_000, 1.5, 12.34),
      g(D2, 'c1', 'Brand', 1_000_000, 0.25, 0.1),
      g(D1, 'pmax', 'Performance Max', 2_500_000, 3, 99.99),
      g(D1, 'c3', 'Partly', 4_000_000, 2, 20),
    ]);
    await load(GOOGLE_AD_GROUPS, [
      ag(D1, 'c1', 'a1', 1_000_000, 0.5, 2.34),
      ag(D1, 'c1', 'a2', 2_000_000, 1, 10),
      ag(D2, 'c1', 'a1', 1_000_000, 0.25, 0.1),
      ag(D1, 'c3', 'a3', 3_000_000, 1.5, 15),
    ]);
    await load(META_CAMPAIGNS, [
      {
        ...m(D1, 'm1', 5_000_000),
        impressions: 20,
        clicks: 2,
        campaign_name: 'Sale',
        objective: 'OUTCOME_SALES',
      },
    ]);
    await load(META_AD_SETS, [
      { ...m(D1, 'm1', 3_000_000), ad_set_id: 's1', ad_set_name: 'Set 1' },
      { ...m(D1, 'm1', 2_000_000), ad_set_id: 's2', ad_set_name: 'Set 2' },
    ]);
    const conversion = (date: string, type: string, n: number, value: number | null): Row => ({
      account_id: 'act_1',
      date,
      campaign_id: 'm1',
      action_type: type,
      conversions: n,
      currency: 'JPY',
      conversion_value_micros: value,
    });
    await load(META_CONVERSIONS, [
      conversion(D1, 'purchase', 2, 5_000_000_000),
      conversion(D1, 'offsite_conversion.fb_pixel_purchase', 2, 5_000_000_000),
      conversion(D1, 'link_click', 40, null),
      conversion(D2, 'lead', 1, null),
      conversion(D2, 'offsite_conversion.custom.738400000000001', 3, null),
    ]);
  });
  afterEach(async () => {
    await ctx.wh.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return ctx;
}
