import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportFilter } from '@maya/contracts';
import type { Row } from '@maya/warehouse/interface';
import { MODEL_SCHEMA } from '../models/build';
import { writeExchangeRates, type ExchangeRate } from '../models/exchange-rates';
import { MARKETING_PERFORMANCE } from '../models/marketing-performance';
import { ROLLUPS, rollupBuild } from '../models/rollups';
import { MARKETING_SEMANTIC_MODEL } from './builtin-models';
import { compileReportQuery, type ReportQuery } from './compile-query';
import { compileSourceFirstDays } from './coverage';
import { compileFilterValues } from './filter-values';
import { readSource } from './rollup';
import { runCompiled } from './run-query';
import { semanticTable, type SemanticTable } from './semantic-model';
import { compileDataThrough } from './time-series';
import { NOW, onFixtureEngines } from '../../test/fixture-engines';
import { FIXTURE, modelRow, performanceQuery } from '../../test/report-fixture';

const performance = semanticTable(MARKETING_SEMANTIC_MODEL, 'performance');
const ROLLUP = 'marketing_performance_daily';
const CAMPAIGNS = 'marketing_performance_campaigns_daily';
const READY = new Set([ROLLUP, CAMPAIGNS]);
const rollupTable = (table: SemanticTable = performance) =>
  readSource(table, { dimensions: [] }, READY).table;

describe('which table a statement reads', () => {
  const reads = (dimensions: string[], measures: string[], rollups: ReadonlySet<string> | null = READY) =>
    readSource(performance, { dimensions, measures }, rollups).table;

  it('reads the roll-up for sums and their ratios by day, channel, service, account, type and currency', () => {
    expect(rollupTable()).toBe(ROLLUP);
    expect(reads([], ['spend', 'clicks', 'ctr', 'cpc', 'cpa', 'roas', 'conversion_rate'])).toBe(ROLLUP);
    expect(reads(['channel', 'service', 'account', 'campaign_type', 'currency'], ['account_spend'])).toBe(
      ROLLUP,
    );
    expect(semanticTable(MARKETING_SEMANTIC_MODEL, 'costs').rollups?.map((r) => r.table)).toEqual([
      'marketing_costs_daily',
    ]);
  });

  it('reads the roll-up by campaign for campaigns, the table for an ad group', () => {
    expect(reads(['channel', 'campaign'], ['spend', 'cpa'])).toBe(CAMPAIGNS);
    expect(reads(['campaign_id'], [])).toBe(CAMPAIGNS);
    expect(reads(['channel', 'campaign'], ['spend'], new Set([ROLLUP]))).toBe(MARKETING_PERFORMANCE.name);
    expect(reads(['campaign', 'ad_group'], ['spend'])).toBe(MARKETING_PERFORMANCE.name);
    expect(reads(['channel', 'ad_group'], ['spend'])).toBe(MARKETING_PERFORMANCE.name);
  });

  it('reads the table when the warehouse has no roll-up in step, or for an unknown name', () => {
    expect(reads(['channel'], ['spend'], new Set())).toBe(MARKETING_PERFORMANCE.name);
    expect(reads(['channel'], ['spend'], null)).toBe(MARKETING_PERFORMANCE.name);
    expect(reads(['no_such_dimension'], ['spend'])).toBe(MARKETING_PERFORMANCE.name);
  });

  it('reads the table for what a sum of daily sums is not: counts, averages, distinct counts', () => {
    for (const aggregation of ['count', 'avg', 'count_distinct', 'min', 'max'] as const) {
      const table: SemanticTable = {
        ...performance,
        measures: [
          ...performance.measures,
          {
            name: 'other',
            label: 'Other',
            format: 'number',
            kind: 'aggregate',
            aggregation,
            sql: aggregation === 'count' ? null : { column: 'clicks' },
            divisor: null,
          },
          {
            name: 'per_click',
            label: 'Per click',
            format: 'number',
            kind: 'ratio',
            numerator: 'other',
            denominator: 'clicks',
          },
        ],
      };
      expect(readSource(table, { dimensions: [], measures: ['other'] }, READY).table, aggregation).toBe(
        MARKETING_PERFORMANCE.name,
      );
      expect(readSource(table, { dimensions: [], measures: ['per_click'] }, READY).table).toBe(
        MARKETING_PERFORMANCE.name,
      );
    }
  });

  const withCluster: SemanticTable = {
    ...performance,
    dimensions: [
      ...performance.dimensions,
      { name: 'theme', label: 'Theme', type: 'string', sql: { column: 'theme' }, grains: [] },
    ],
    sideTables: [{ table: 'marketing_performance__derived', keys: [], columns: ['theme'] }],
  };

  it('reads the table for a column of a side table (a cluster column)', () => {
    expect(readSource(withCluster, { dimensions: ['theme'], measures: ['spend'] }, READY).table).toBe(
      MARKETING_PERFORMANCE.name,
    );
  });

  it('reads the roll-up under an empty filter of a cluster column, as every report has one', () => {
    const model = { ...MARKETING_SEMANTIC_MODEL, tables: [withCluster] };
    const theme = (values: string[]): ReportFilter => ({
      id: 'theme',
      kind: 'list',
      table: 'performance',
      column: 'theme',
      mode: 'include',
      values,
    });
    const compile = (filter: ReportFilter) =>
      compileReportQuery(model, performanceQuery({ measures: ['spend'], filters: [filter] }), 'duckdb', {
        now: NOW,
        rollups: READY,
      }).sql;
    expect(compile(theme([]))).toContain(`"${ROLLUP}"`);
    expect(compile(theme([]))).not.toContain('__derived');
    expect(compile(theme(['Brand']))).toContain('"marketing_performance__derived"');
    expect(compile(theme(['Brand']))).not.toContain(`"${ROLLUP}"`);
  });
});

// Beside the fixture's one EUR account: two more accounts in yen and dollars, each with ad groups
// and campaign types, one type unknown (NULL), on every March day.
const MARCH_DAYS = Array.from({ length: 31 }, (_, i) => `2024-03-${String(i + 1).padStart(2, '0')}`);
const RATES: ExchangeRate[] = MARCH_DAYS.flatMap((date, i) => [
  { date, currency: 'EUR', perEuro: 1 },
  { date, currency: 'USD', perEuro: Number((1.08 + i / 1000).toFixed(4)) },
  { date, currency: 'JPY', perEuro: Number((162.5 - i / 10).toFixed(2)) },
]);
const extraRows: Row[] = MARCH_DAYS.flatMap((date, day) =>
  [
    { account: 'a2', currency: 'JPY', service: 'google_ads', channel: 'Google Ads', type: 'Search' },
    { account: 'a3', currency: 'USD', service: 'microsoft_ads', channel: 'Microsoft Ads', type: null },
  ].flatMap((a) =>
    [0, 1, 2].map((group) => ({
      ...modelRow({ ...(FIXTURE[0] as (typeof FIXTURE)[number]), date, campaign: `c-${a.account}` }),
      source_service: a.service,
      channel: a.channel,
      account_id: a.account,
      ad_group_id: group === 0 ? '' : `g${String(group)}`,
      campaign_type: group === 2 ? 'Shopping' : a.type,
      currency: a.currency,
      cost_micros: (a.currency === 'JPY' ? 150_000_000_000 : 12_345_678) + day * 1_000 + group,
      impressions: 1_000 + day + group,
      clicks: 10 + group,
      conversions: String(1.5 + group),
      conversion_value_micros: a.service === 'microsoft_ads' && group === 1 ? null : 7_000_000 + day,
    })),
  ),
);

const channels: ReportFilter = {
  id: 'channel',
  kind: 'list',
  table: 'performance',
  column: 'channel',
  mode: 'include',
  values: ['Google Ads', 'Microsoft Ads'],
};

/** The queries a dashboard sends, each read from the table and from the roll-up. */
const QUERIES: Partial<ReportQuery>[] = [
  { measures: ['spend', 'impressions', 'clicks', 'ctr', 'cpc', 'conversions', 'conversion_rate', 'cpa'] },
  { measures: ['conversion_value', 'roas'], filters: [channels] },
  { measures: ['spend', 'conversions'], dimensions: [{ name: 'date', grain: 'day' }] },
  {
    measures: ['spend'],
    dimensions: [
      { name: 'date', grain: 'week' },
      { name: 'channel', grain: null },
    ],
  },
  {
    measures: ['spend'],
    dimensions: [{ name: 'channel', grain: null }],
    sort: [{ field: 'spend', direction: 'desc' }],
  },
  {
    measures: ['account_spend', 'spend', 'clicks', 'conversions', 'cpa'],
    dimensions: [
      { name: 'channel', grain: null },
      { name: 'account', grain: null },
      { name: 'currency', grain: null },
    ],
  },
  { measures: ['clicks'], dimensions: [{ name: 'campaign_type', grain: null }] },
  { measures: [], dimensions: [{ name: 'service', grain: null }] },
];

/** The queries by campaign: the roll-up by campaign; with the table's packed column or without. */
const CAMPAIGN_QUERIES: Partial<ReportQuery>[] = [
  {
    measures: ['spend', 'clicks', 'cpa', 'roas'],
    dimensions: [
      { name: 'channel', grain: null },
      { name: 'campaign', grain: null },
    ],
    sort: [{ field: 'spend', direction: 'desc' }],
  },
  { measures: ['conversions'], dimensions: [{ name: 'campaign_id', grain: null }], filters: [channels] },
];

onFixtureEngines('reading the daily roll-up', (warehouse) => {
  beforeAll(async () => {
    await warehouse().loadBatch(MODEL_SCHEMA, MARKETING_PERFORMANCE.name, [extraRows]);
    await writeExchangeRates(warehouse(), MODEL_SCHEMA, RATES);
    for (const rollup of ROLLUPS.filter((r) => r.model === MARKETING_PERFORMANCE.name)) {
      const build = rollupBuild(warehouse().engine, MODEL_SCHEMA, MARKETING_PERFORMANCE, rollup);
      await warehouse().materialize(MODEL_SCHEMA, build.table, build.sql, [], { rebuiltOnly: true });
    }
  });

  const rows = async (sql: { sql: string; params: unknown[] }) =>
    (await runCompiled(warehouse(), sql, 30_000)).rows;

  /** Doubles (converted sums, ratios) to 9 significant digits: summed in another order. */
  const rounded = (list: readonly Row[]) =>
    list.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [k, typeof v === 'number' ? Number(v.toPrecision(9)) : v]),
      ),
    );

  it('holds fewer rows than the table: by account, then by campaign', async () => {
    const count = async (table: string) =>
      Number((await rows({ sql: `SELECT COUNT(*) AS n FROM analytics.${table}`, params: [] }))[0]?.n);
    expect(await count(ROLLUP)).toBeLessThanOrEqual(await count(CAMPAIGNS));
    expect(await count(CAMPAIGNS)).toBeLessThan(await count(MARKETING_PERFORMANCE.name));
  });

  it('answers every query as the table does, converted or in the account’s currency', async () => {
    const expected = (q: Partial<ReportQuery>) => (CAMPAIGN_QUERIES.includes(q) ? CAMPAIGNS : ROLLUP);
    for (const money of [{ currency: 'USD', rates: true }, { currency: 'EUR', rates: false }, null]) {
      for (const q of [...QUERIES, ...CAMPAIGN_QUERIES]) {
        for (const dateRange of [
          { from: '2024-03-01', to: '2024-03-31' },
          { from: '2024-03-10', to: '2024-03-12' },
          null,
        ]) {
          const query = performanceQuery({ ...q, dateRange });
          const options = { now: NOW, money, columns: new Set(['channel_campaign']) };
          const plain = compileReportQuery(MARKETING_SEMANTIC_MODEL, query, warehouse().engine, options);
          const rolled = compileReportQuery(MARKETING_SEMANTIC_MODEL, query, warehouse().engine, {
            ...options,
            rollups: READY,
          });
          expect(plain.sql).toContain(`"${MARKETING_PERFORMANCE.name}"`);
          expect(rolled.sql).toContain(`"${expected(q)}"`);
          expect(rolled.sql).not.toContain(`"${MARKETING_PERFORMANCE.name}"`);
          const [want, got] = [await rows(plain), await rows(rolled)];
          expect(want.length, JSON.stringify(q)).toBeGreaterThan(0);
          expect(rounded(got), JSON.stringify({ q, dateRange, money })).toEqual(rounded(want));
        }
      }
    }
  });

  it('gives the same first days, last day and filter values', async () => {
    const engine = warehouse().engine;
    const firstDays = compileSourceFirstDays(MARKETING_SEMANTIC_MODEL, 'performance', engine, READY);
    expect(firstDays.sql).toContain(ROLLUP);
    // One row per source, in no order.
    const sorted = (list: readonly Row[]) => list.map((row) => JSON.stringify(row)).sort();
    expect(sorted(await rows(firstDays))).toEqual(
      sorted(await rows(compileSourceFirstDays(MARKETING_SEMANTIC_MODEL, 'performance', engine))),
    );
    const through = (rollups: ReadonlySet<string> | null) =>
      compileDataThrough(MARKETING_SEMANTIC_MODEL, 'performance', 'date', engine, { now: NOW, rollups });
    expect(through(READY).sql).toContain(ROLLUP);
    expect(await rows(through(READY))).toEqual(await rows(through(null)));
    const values = (rollups: ReadonlySet<string> | null) =>
      compileFilterValues(
        MARKETING_SEMANTIC_MODEL,
        { table: 'performance', column: 'campaign_type', cursor: null, limit: 50, rollups },
        engine,
      );
    expect(values(READY).sql).toContain(ROLLUP);
    expect(await rows(values(READY))).toEqual(await rows(values(null)));
  });
});
