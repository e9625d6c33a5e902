// The editor's previews over real rows in the organization's DuckDB file (spec 001 §7 Preview,
// Preview value, SQL preview; §8 'Not enough data ...'), and the coverage beyond the spec: rows
// and spend per rule set (never adding two currencies) and the most frequent unmatched items.
import { randomUUID } from 'node:crypto';
import { CANONICAL_MODELS, MODEL_SCHEMA, modelTable } from '@maya/analytics';
import { duckDbFileFor, openDuckDbWarehouse } from '@maya/warehouse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsApp } from '../support/accounts';
import { clustersApi, createdColumn, owner, ruleSet, type ClustersApi } from './support';

let t: AccountsApp;
let admin: Awaited<ReturnType<typeof owner>>;
let api: ClustersApi;

const row = (campaign: string, adGroup: string, currency: string, costMicros: number, clicks: number) => ({
  date: '2026-11-01',
  source_service: 'google_ads',
  account_id: '1',
  campaign_id: campaign,
  ad_group_id: adGroup,
  channel: 'Google Ads',
  campaign_name: campaign,
  campaign_type: 'Search',
  ad_group_name: adGroup,
  currency,
  cost_micros: costMicros,
  cost_minor: Math.round(costMicros / 10_000),
  impressions: clicks * 10,
  clicks,
  conversions: 1,
  conversion_value_micros: null,
  conversion_value_minor: null,
  channel_campaign: `${campaign}|${adGroup}`,
});

/**
 * The model table as a load builds it, written straight into the organization's warehouse before
 * each test: a save rebuilds the models from the raw tables, which this organization has none of.
 */
async function seed(): Promise<void> {
  const warehouse = await openDuckDbWarehouse({
    file: duckDbFileFor(t.config.dataDir, admin.organizationId),
    sharing: t.app.platform.warehouseFiles.sharing,
  });
  try {
    const model = CANONICAL_MODELS.find((candidate) => candidate.name === 'marketing_performance');
    if (!model) throw new Error('no marketing_performance model');
    await warehouse.ensureSchema(MODEL_SCHEMA);
    await warehouse.dropTable(MODEL_SCHEMA, model.name);
    await warehouse.createTable(MODEL_SCHEMA, modelTable(model));
    await warehouse.loadBatch(MODEL_SCHEMA, model.name, [
      [
        row('Summer Sale', 'Sneakers', 'EUR', 12_340_000, 30),
        row('Summer Sale', 'Boots', 'EUR', 5_000_000, 10),
        row("Brand's 'Acme'", 'Acme', 'USD', 1_000_000, 5),
        row('Generic', 'Other', 'EUR', 2_000_000, 7),
        row('Generic', 'Misc', 'EUR', 1_000_000, 1),
      ],
    ]);
  } finally {
    await warehouse.close();
  }
}

beforeAll(async () => {
  t = await startAccountsApp();
  admin = await owner(t, 'clusters-previews@example.com');
  api = clustersApi(t, admin, admin.organizationId);
});
beforeEach(seed);
afterAll(() => t.close());

const column = (values: ReturnType<typeof ruleSet>[], name = 'Season') => ({
  id: randomUUID(),
  name,
  values,
});
const seasons = () =>
  column([
    ruleSet('Summer', [{ field: 'campaign_name', operator: 'contains', value: 'SUMMER' }]),
    ruleSet('Brand', [{ field: 'campaign_name', operator: 'matches', value: "^brand's" }]),
  ]);

describe('preview', () => {
  it('sums the measures per value, per currency, ordered as asked', async () => {
    const answer = await api.preview('adgroups', {
      column: seasons(),
      orderBy: 'Clicks',
      orderDirection: 'asc',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const names = (answer.body.headers as { name: string }[]).map((h) => h.name);
    expect(answer.body.headers[0]).toEqual({ name: 'Season', type: 'other' });
    expect(answer.body.headers.find((h: { name: string }) => h.name === 'Cost')).toEqual({
      name: 'Cost',
      type: 'money',
    });
    const at = (name: string) => names.indexOf(name);
    const rows = (answer.body.data as unknown[][]).map((r) => [
      r[0],
      r[at('Currency')],
      r[at('Cost')],
      r[at('Clicks')],
    ]);
    expect(rows).toEqual([
      ['Brand', 'USD', 100, 5],
      [null, 'EUR', 300, 8],
      ['Summer', 'EUR', 1734, 40],
    ]);
  });

  it('refuses an order by a header the preview does not have', async () => {
    const answer = await api.preview('adgroups', { column: seasons(), orderBy: 'Nope' });
    expect(answer.status).toBe(422);
  });

  it("lists one value's items, and the items no rule set matches for null", async () => {
    const summer = await api.previewValue('adgroups', {
      column: seasons(),
      value: 'Summer',
      orderBy: 'Ad group',
      orderDirection: 'asc',
    });
    expect(summer.status, JSON.stringify(summer.body)).toBe(200);
    const names = summer.body.headers.map((h: { name: string }) => h.name);
    const items = (body: { data: unknown[][] }) =>
      body.data.map((r) => [r[names.indexOf('Campaign')], r[names.indexOf('Ad group')]]);
    expect(items(summer.body as never)).toEqual([
      ['Summer Sale', 'Boots'],
      ['Summer Sale', 'Sneakers'],
    ]);
    const none = await api.previewValue('adgroups', {
      column: seasons(),
      value: null,
      orderBy: 'Ad group',
      orderDirection: 'asc',
    });
    expect(items(none.body as never)).toEqual([
      ['Generic', 'Misc'],
      ['Generic', 'Other'],
    ]);
  });

  it('reads earlier columns of the category: a saved column feeds the previewed one', async () => {
    const first = await createdColumn(api, 'adgroups', 'Season', seasons().values);
    await seed();
    const next = column(
      [ruleSet('Seasonal', [{ field: first.db_name, operator: 'equals', value: 'summer' }])],
      'Seasonal?',
    );
    const answer = await api.preview('adgroups', { column: next, orderBy: 'Clicks', orderDirection: 'desc' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body.data as unknown[][]).map((r) => r[0])).toEqual(['Seasonal', null, null]);
    await api.remove('adgroups', first.id);
  });

  it("answers 'Not enough data for the preview.' without a rule, and rule errors as a save does", async () => {
    for (const answer of [
      await api.preview('adgroups', { column: column([ruleSet('Empty', [])]) }),
      await api.previewValue('adgroups', { column: column([]), value: 'x' }),
      await api.coverage('adgroups', column([])),
    ]) {
      expect(answer.status).toBe(422);
      expect(answer.body.detail).toEqual({
        type: 'not_enough_data',
        message: 'Not enough data for the preview.',
      });
    }
    const bad = await api.preview('adgroups', {
      column: column([ruleSet('x', [{ field: 'clicks', operator: 'gt', value: 'many' }])]),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual([
      {
        loc: ['body', 'column', 'values', 0, 'rules', 0, 'value'],
        msg: 'Please enter a number',
        type: 'not_a_number',
      },
    ]);
  });

  it('answers no rows for a category the organization has no data of', async () => {
    const answer = await api.preview('urls', {
      column: column([ruleSet('Blog', [{ field: 'url', operator: 'contains', value: 'blog' }])]),
    });
    expect(answer.status).toBe(200);
    // No table yet (no headers either), or the empty table a rebuild made.
    expect(answer.body.data).toEqual([]);
  });
});

describe('SQL preview', () => {
  it("shows the column's CASE in the warehouse's dialect, values written inline and quoted", async () => {
    const answer = await api.sql('adgroups', seasons());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.sql).toMatch(/^CASE WHEN .* END AS "cluster_season"$/s);
    expect(answer.body.sql).toContain("'SUMMER'");
    expect(answer.body.sql).toContain("'^brand''s'");
  });

  it("answers 'Not enough data for the sql preview.' without a rule", async () => {
    const answer = await api.sql('adgroups', column([ruleSet('Nothing', [])]));
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toEqual({
      type: 'not_enough_data',
      message: 'Not enough data for the sql preview.',
    });
  });
});

describe('coverage', () => {
  it('counts rows and spend per rule set, per currency, and the top unmatched items', async () => {
    const input = seasons();
    const answer = await api.coverage('adgroups', input);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({
      total_rows: 5,
      rule_sets: [
        {
          id: input.values[0]?.id,
          name: 'Summer',
          rule_set_ids: [input.values[0]?.id],
          rows: 2,
          spend: [{ currency: 'EUR', amount: 1734 }],
        },
        {
          id: input.values[1]?.id,
          name: 'Brand',
          rule_set_ids: [input.values[1]?.id],
          rows: 1,
          spend: [{ currency: 'USD', amount: 100 }],
        },
      ],
      unmatched: {
        rows: 2,
        spend: [{ currency: 'EUR', amount: 300 }],
        top_values: [
          {
            value: 'Generic',
            rows: 1,
            item: { Campaign: 'Generic', 'Ad group': 'Misc' },
            spend: [{ currency: 'EUR', amount: 100 }],
          },
          {
            value: 'Generic',
            rows: 1,
            item: { Campaign: 'Generic', 'Ad group': 'Other' },
            spend: [{ currency: 'EUR', amount: 200 }],
          },
        ],
      },
    });
  });
});
