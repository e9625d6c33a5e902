import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDuckDbWarehouse } from '../duckdb/duckdb-warehouse';
import type { ColumnType, Row, TableSchema, Warehouse } from '../warehouse';
import { ModelBuildError, buildModels } from './build';
import { CANONICAL_MODELS } from './catalog';

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

const D1 = '2024-03-01';
const D2 = '2024-03-02';
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

let dir: string;
let wh: Warehouse;
const MODELS = { rawSchema: 'raw', modelSchema: 'analytics' };

async function load(table: TableSchema, rows: Row[]): Promise<void> {
  await wh.createTable('raw', table);
  await wh.loadBatch('raw', table.name, [rows]);
}

const select = async (sql: string) => (await wh.query(sql, [], { timeoutMs: 10_000 })).rows;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'maya-models-'));
  wh = await openDuckDbWarehouse({ file: join(dir, 'w.duckdb') });
  await wh.ensureSchema('raw');
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
  ]);
});
afterEach(async () => {
  await wh.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('buildModels', () => {
  it('keeps every campaign-day whole: ad groups, and the rest of the campaign on ad group ""', async () => {
    const result = await buildModels(wh, MODELS);
    expect(result.models.find((x) => x.name === 'marketing_performance')).toEqual({
      name: 'marketing_performance',
      rows: 10,
    });
    const rows = await select(
      `SELECT date, source_service, channel, campaign_id, ad_group_id, campaign_name, campaign_type, ad_group_name,
         currency, cost_micros, cost_minor, clicks, conversions, conversion_value_micros, conversion_value_minor
       FROM analytics.marketing_performance ORDER BY source_service, date, campaign_id, ad_group_id`,
    );
    const google = { source_service: 'google_ads', channel: 'Google Ads', currency: 'USD' };
    const meta = {
      source_service: 'facebook_ads',
      channel: 'Meta Ads',
      currency: 'JPY',
      campaign_name: 'Sale',
      campaign_type: 'OUTCOME_SALES',
    };
    expect(rows).toEqual([
      {
        ...meta,
        date: D1,
        campaign_id: 'm1',
        ad_group_id: '',
        ad_group_name: null,
        cost_micros: 0,
        cost_minor: 0,
        clicks: 0,
        conversions: 2,
        conversion_value_micros: 5_000_000_000,
        conversion_value_minor: 5_000,
      },
      {
        ...meta,
        date: D1,
        campaign_id: 'm1',
        ad_group_id: 's1',
        ad_group_name: 'Set 1',
        cost_micros: 3_000_000,
        cost_minor: 3,
        clicks: 1,
        conversions: 0,
        conversion_value_micros: 0,
        conversion_value_minor: 0,
      },
      {
        ...meta,
        date: D1,
        campaign_id: 'm1',
        ad_group_id: 's2',
        ad_group_name: 'Set 2',
        cost_micros: 2_000_000,
        cost_minor: 2,
        clicks: 1,
        conversions: 0,
        conversion_value_micros: 0,
        conversion_value_minor: 0,
      },
      // A lead on a day without delivery still counts, with no campaign report row to name it.
      {
        ...meta,
        date: D2,
        campaign_id: 'm1',
        ad_group_id: '',
        ad_group_name: null,
        cost_micros: 0,
        cost_minor: 0,
        clicks: 0,
        conversions: 1,
        conversion_value_micros: null,
        conversion_value_minor: null,
      },
      // The campaign's latest name on every day; its ad groups add up, so no campaign-level row.
      {
        ...google,
        date: D1,
        campaign_id: 'c1',
        ad_group_id: 'a1',
        campaign_name: 'Brand',
        campaign_type: 'SEARCH',
        ad_group_name: 'Group a1',
        cost_micros: 1_000_000,
        cost_minor: 100,
        clicks: 10,
        conversions: 0.5,
        conversion_value_micros: 2_340_000,
        conversion_value_minor: 234,
      },
      {
        ...google,
        date: D1,
        campaign_id: 'c1',
        ad_group_id: 'a2',
        campaign_name: 'Brand',
        campaign_type: 'SEARCH',
        ad_group_name: 'Group a2',
        cost_micros: 2_000_000,
        cost_minor: 200,
        clicks: 20,
        conversions: 1,
        conversion_value_micros: 10_000_000,
        conversion_value_minor: 1_000,
      },
      {
        ...google,
        date: D1,
        campaign_id: 'c3',
        ad_group_id: '',
        campaign_name: 'Partly',
        campaign_type: 'SEARCH',
        ad_group_name: null,
        cost_micros: 1_000_000,
        cost_minor: 100,
        clicks: 10,
        conversions: 0.5,
        conversion_value_micros: 5_000_000,
        conversion_value_minor: 500,
      },
      {
        ...google,
        date: D1,
        campaign_id: 'c3',
        ad_group_id: 'a3',
        campaign_name: 'Partly',
        campaign_type: 'SEARCH',
        ad_group_name: 'Group a3',
        cost_micros: 3_000_000,
        cost_minor: 300,
        clicks: 30,
        conversions: 1.5,
        conversion_value_micros: 15_000_000,
        conversion_value_minor: 1_500,
      },
      {
        ...google,
        date: D1,
        campaign_id: 'pmax',
        ad_group_id: '',
        campaign_name: 'Performance Max',
        campaign_type: 'SEARCH',
        ad_group_name: null,
        cost_micros: 2_500_000,
        cost_minor: 250,
        clicks: 25,
        conversions: 3,
        conversion_value_micros: 99_990_000,
        conversion_value_minor: 9_999,
      },
      {
        ...google,
        date: D2,
        campaign_id: 'c1',
        ad_group_id: 'a1',
        campaign_name: 'Brand',
        campaign_type: 'SEARCH',
        ad_group_name: 'Group a1',
        cost_micros: 1_000_000,
        cost_minor: 100,
        clicks: 10,
        conversions: 0.25,
        conversion_value_micros: 100_000,
        conversion_value_minor: 10,
      },
    ]);
  });

  it('keeps every Meta action in conversions and flags the ones that count', async () => {
    await buildModels(wh, MODELS);
    expect(
      await select(
        'SELECT date, conversion_name, counts_as_conversion, conversions, conversion_value_minor FROM analytics.conversions ORDER BY date, conversion_name',
      ),
    ).toEqual([
      {
        date: D1,
        conversion_name: 'link_click',
        counts_as_conversion: false,
        conversions: 40,
        conversion_value_minor: null,
      },
      {
        date: D1,
        conversion_name: 'offsite_conversion.fb_pixel_purchase',
        counts_as_conversion: false,
        conversions: 2,
        conversion_value_minor: 5_000,
      },
      {
        date: D1,
        conversion_name: 'purchase',
        counts_as_conversion: true,
        conversions: 2,
        conversion_value_minor: 5_000,
      },
      {
        date: D2,
        conversion_name: 'lead',
        counts_as_conversion: true,
        conversions: 1,
        conversion_value_minor: null,
      },
    ]);
  });

  it('builds models without inputs as empty tables, and only from campaigns when ad groups are not loaded', async () => {
    await wh.dropTable('raw', 'google_ads__ad_groups');
    const result = await buildModels(wh, MODELS);
    const counts = Object.fromEntries(result.models.map((x) => [x.name, x.rows]));
    expect(counts).toMatchObject({
      keywords: 0,
      budgets: 0,
      ga4_traffic: 0,
      email_campaigns: 0,
      landing_pages: 0,
      conversions: 4,
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

  it('stops at the first model that fails, names it, and keeps what was there', async () => {
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

  it('stops between models when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(buildModels(wh, { ...MODELS, signal: controller.signal })).rejects.toThrow('stop');
    expect(await wh.listTables('analytics')).toEqual([]);
  });
});
