import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngines, type Engine } from '../../test/engines';
import { clusterCoverage } from './coverage';
import { ClusterRuleError } from './errors';
import { previewClusterColumn, previewClusterValue } from './preview';
import type { PreviewQueryInput, PreviewSource } from './preview-sql';
import { clusterSqlPreview } from './sql-preview';
import type { ClusterColumn, ClusterContext } from './types';

const SCHEMA = 'rules_preview';
const source: PreviewSource = {
  schema: SCHEMA,
  table: 'ads',
  itemColumns: [
    { name: 'Campaign', column: 'campaign_name' },
    { name: 'Ad group', column: 'ad_group_name' },
  ],
  measures: [
    { name: 'Cost', column: 'cost_micros', type: 'money' },
    { name: 'Clicks', column: 'clicks', type: 'numeric' },
  ],
  currencyColumn: 'currency',
};
const day = (
  d: number,
  campaign: string,
  adGroup: string | null,
  currency: string,
  cost: number,
  clicks: number,
) => ({
  date: `2026-01-0${d}`,
  ad_group_id: `${campaign}/${adGroup ?? ''}`,
  campaign_name: campaign,
  ad_group_name: adGroup,
  currency,
  cost_micros: cost,
  clicks,
});
const ROWS = [
  day(1, 'Brand', 'Shoes', 'EUR', 1_234_567, 10),
  day(2, 'Brand', 'Shoes', 'EUR', 1_000_000, 5),
  day(1, 'Brand', 'Socks', 'JPY', 150_500_000, 3),
  day(1, 'Generic', 'Running shoes', 'EUR', 2_500_000, 7),
  day(1, 'Generic', 'Hats', 'EUR', 9_000_000, 1),
  day(2, 'Generic', 'Hats', 'EUR', 1_000_000, 1),
  day(1, 'Generic', null, 'EUR', 500_000, 0),
];
const context: ClusterContext = {
  fields: [
    { id: 'campaign', column: 'campaign_name', type: 'other' },
    { id: 'ad_group', column: 'ad_group_name', type: 'other' },
    { id: 'theme', column: 'theme', type: 'other' },
  ],
  wordGroups: [{ id: 'feet', name: 'Feet', terms: ['shoe', 'sock'], excludeTerms: [] }],
};
const theme: ClusterColumn = {
  id: 't',
  name: 'Theme',
  dbName: 'theme',
  ruleSets: [
    {
      id: 'feet',
      name: 'Feet',
      rules: [{ field: 'ad_group', operator: 'matches_wordgroup', value: 'feet' }],
    },
    { id: 'brand', name: 'Brand', rules: [{ field: 'campaign', operator: 'equals', value: 'brand' }] },
  ],
};
// Reads the earlier column `theme`.
const intent: ClusterColumn = {
  id: 'i',
  name: 'Intent',
  dbName: 'intent',
  ruleSets: [
    {
      id: 'brand-feet',
      name: 'Brand feet',
      rules: [
        { field: 'theme', operator: 'equals', value: 'feet' },
        { field: 'campaign', operator: 'starts_with', value: 'br', condition: 'and' },
      ],
    },
    { id: 'other-feet', name: 'Other feet', rules: [{ field: 'theme', operator: 'equals', value: 'Feet' }] },
  ],
};
const input: PreviewQueryInput = { ...context, column: theme, source };

describe('cluster previews', () => {
  let engines: Engine[] = [];
  beforeAll(async () => {
    engines = await openEngines();
    for (const { warehouse } of engines) {
      await warehouse.ensureSchema(SCHEMA);
      await warehouse.createTable(SCHEMA, {
        name: 'ads',
        columns: [
          { name: 'date', type: 'date', nullable: false },
          { name: 'ad_group_id', type: 'string', nullable: false },
          { name: 'campaign_name', type: 'string', nullable: true },
          { name: 'ad_group_name', type: 'string', nullable: true },
          { name: 'currency', type: 'string', nullable: true },
          { name: 'cost_micros', type: 'bigint', nullable: true },
          { name: 'clicks', type: 'bigint', nullable: true },
        ],
        primaryKey: ['date', 'ad_group_id'],
      });
      await warehouse.loadBatch(SCHEMA, 'ads', [ROWS]);
    }
  });
  afterAll(async () => {
    await Promise.all(engines.map((e) => e.close()));
  });

  it('sums each value per currency, money in minor units, by default the most spend first', async () => {
    for (const { warehouse } of engines) {
      const table = await previewClusterColumn(warehouse, input);
      expect(table.headers).toEqual([
        { name: 'Theme', type: 'other' },
        { name: 'Currency', type: 'other' },
        { name: 'Cost', type: 'money' },
        { name: 'Clicks', type: 'numeric' },
      ]);
      expect(table.data).toEqual([
        ['Feet', 'JPY', 151, 3],
        [null, 'EUR', 1050, 2],
        ['Feet', 'EUR', 473, 22],
      ]);
      expect(table.truncated).toBe(false);
    }
  });

  it('orders by any header in either direction, NULLs last, and cuts at the limit', async () => {
    for (const { warehouse } of engines) {
      const byName = await previewClusterColumn(warehouse, { ...input, orderBy: 'Theme', direction: 'asc' });
      expect(byName.data.map((r) => r.slice(0, 2))).toEqual([
        ['Feet', 'EUR'],
        ['Feet', 'JPY'],
        [null, 'EUR'],
      ]);
      const fewest = await previewClusterColumn(warehouse, {
        ...input,
        orderBy: 'Clicks',
        direction: 'asc',
        limit: 2,
      });
      expect(fewest.data.map((r) => r[3])).toEqual([2, 3]);
      expect(fewest.truncated).toBe(true);
    }
  });

  it('refuses an order by a header the preview does not have', async () => {
    const [engine] = engines;
    await expect(
      previewClusterColumn(engine!.warehouse, { ...input, orderBy: 'Spend' }),
    ).rejects.toMatchObject({
      type: 'invalid_order_by',
    });
    await expect(
      previewClusterColumn(engine!.warehouse, { ...input, orderBy: 'Spend' }),
    ).rejects.toBeInstanceOf(ClusterRuleError);
  });

  it("lists one value's items, and the unmatched ones for null", async () => {
    for (const { warehouse } of engines) {
      const feet = await previewClusterValue(warehouse, { ...input, value: 'Feet', orderBy: 'Clicks' });
      expect(feet.headers.map((h) => h.name)).toEqual(['Campaign', 'Ad group', 'Currency', 'Cost', 'Clicks']);
      expect(feet.data).toEqual([
        ['Brand', 'Shoes', 'EUR', 223, 15],
        ['Generic', 'Running shoes', 'EUR', 250, 7],
        ['Brand', 'Socks', 'JPY', 151, 3],
      ]);
      const none = await previewClusterValue(warehouse, { ...input, value: null });
      expect(none.data).toEqual([
        ['Generic', 'Hats', 'EUR', 1000, 2],
        ['Generic', null, 'EUR', 50, 0],
      ]);
    }
  });

  it('previews a column that reads an earlier one', async () => {
    for (const { warehouse } of engines) {
      const table = await previewClusterColumn(warehouse, {
        ...input,
        column: intent,
        earlierColumns: [theme],
        orderBy: 'Intent',
        direction: 'asc',
      });
      expect(table.data.map((r) => [r[0], r[1], r[3]])).toEqual([
        ['Brand feet', 'EUR', 15],
        ['Brand feet', 'JPY', 3],
        ['Other feet', 'EUR', 7],
        [null, 'EUR', 2],
      ]);
    }
  });

  it('covers: rows and spend per value, never adding two currencies, and the top unmatched items', async () => {
    for (const { warehouse } of engines) {
      const coverage = await clusterCoverage(warehouse, { ...input, top: 1 });
      expect(coverage.totalRows).toBe(ROWS.length);
      expect(coverage.values).toEqual([
        {
          value: 'Feet',
          ruleSetIds: ['feet'],
          rows: 4,
          spend: expect.arrayContaining([
            { currency: 'EUR', minor: 473 },
            { currency: 'JPY', minor: 151 },
          ]) as unknown,
        },
        { value: 'Brand', ruleSetIds: ['brand'], rows: 0, spend: [] },
        { value: null, ruleSetIds: [], rows: 3, spend: [{ currency: 'EUR', minor: 1050 }] },
      ]);
      expect(coverage.topUnmatched).toEqual([
        {
          item: { Campaign: 'Generic', 'Ad group': 'Hats' },
          rows: 2,
          spend: [{ currency: 'EUR', minor: 1000 }],
        },
      ]);
    }
  });
});

describe('the SQL preview', () => {
  it('shows the CASE with the values inline, quoted for the engine', () => {
    const col: ClusterColumn = {
      ...theme,
      ruleSets: [
        {
          id: 'q',
          name: "Bob's",
          rules: [{ field: 'campaign', operator: 'contains', value: "it's \\ 50%" }],
        },
      ],
    };
    expect(clusterSqlPreview(col, { ...context, dialect: 'postgres' })).toBe(
      `CASE WHEN STRPOS(LOWER(COALESCE(CAST("campaign_name" AS TEXT), '')), LOWER(CAST('it''s \\ 50%' AS TEXT))) > 0` +
        ` THEN CAST('Bob''s' AS TEXT) END AS "theme"`,
    );
    expect(clusterSqlPreview(col, { ...context, dialect: 'bigquery' })).toContain(
      "CAST('it\\'s \\\\ 50%' AS STRING)",
    );
  });

  it('has nothing to show without a name or a rule', () => {
    expect(clusterSqlPreview({ ...theme, name: ' ' }, { ...context, dialect: 'duckdb' })).toBeNull();
    expect(
      clusterSqlPreview(
        { ...theme, ruleSets: [{ id: 'e', name: 'E', rules: [] }] },
        { ...context, dialect: 'duckdb' },
      ),
    ).toBeNull();
  });
});
