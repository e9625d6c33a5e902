import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReportFilter } from '@maya/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckDbWarehouse } from '@maya/warehouse';
import type { Warehouse } from '@maya/warehouse/interface';
import { MODEL_SCHEMA } from '../models/build';
import { EXPENSES, MARKETING_COSTS, tablesCarrying } from '../models/expenses';
import { MARKETING_PERFORMANCE } from '../models/marketing-performance';
import { modelContext, modelSql, modelTable } from '../models/model';
import { FIXTURE, MARCH, modelRow, sum } from '../../test/report-fixture';
import { MARKETING_SEMANTIC_MODEL } from './builtin-models';
import { MAYA_REPORT } from './builtin-reports';
import { findVisual } from './report-document';
import { runVisualQuery } from './run-visual';
import type { SemanticModel } from './semantic-model';

// -maya's Marketing cost KPIs under filters on the ad-level fields (decision 430): the costs
// table carries the ad spend rows with their service, account, campaign and ad group, and the
// cluster columns the server adds to both tables, so a filter narrows the cost as it narrows the
// spend; expenses, which have no campaign, drop out under an include filter on one.

const NOW = new Date('2024-03-20T10:00:00Z');
const MARCH_RANGE = { from: '2024-03-01', to: '2024-03-31' };
/** A marketing expense of 500 EUR on 10 March (the fixture's currency). */
const EXPENSE = 500;
const CLUSTER = 'cluster_theme';

describe('-maya: the marketing cost under ad-level filters', () => {
  let dataDir: string;
  let wh: Warehouse;
  /** The marketing model as the server gives it once a cluster column is applied to both tables. */
  const clustered: SemanticModel = {
    ...MARKETING_SEMANTIC_MODEL,
    tables: MARKETING_SEMANTIC_MODEL.tables.map((table) => ({
      ...table,
      dimensions: [
        ...table.dimensions,
        { name: CLUSTER, label: 'Theme', type: 'string', sql: { column: CLUSTER }, grains: [] },
      ],
    })),
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'maya-costs-'));
    wh = await openDuckDbWarehouse({ file: join(dataDir, `${randomUUID()}.duckdb`) });
    await wh.ensureSchema(MODEL_SCHEMA);
    await wh.createTable(MODEL_SCHEMA, modelTable(MARKETING_PERFORMANCE));
    await wh.loadBatch(MODEL_SCHEMA, MARKETING_PERFORMANCE.name, [FIXTURE.map(modelRow)]);
    await wh.createTable(MODEL_SCHEMA, modelTable(EXPENSES));
    const expense = {
      date: '2024-03-10',
      currency: 'EUR',
      category: 'content',
      subcategory: 'agency',
      description: 'Video',
      amount_micros: EXPENSE * 1_000_000,
      amount_minor: EXPENSE * 100,
    };
    await wh.loadBatch(MODEL_SCHEMA, EXPENSES.name, [
      [
        { ...expense, expense_id: 'e1', is_marketing_related: true },
        { ...expense, expense_id: 'e2', is_marketing_related: false },
      ],
    ]);
    const ctx = modelContext(MARKETING_COSTS, {
      dialect: 'duckdb',
      rawSchema: 'raw',
      modelSchema: MODEL_SCHEMA,
      rawTables: new Set(),
    });
    // The cluster column as the server's derived columns add it: over the table's own columns.
    const theme = `CASE WHEN campaign_name LIKE '%Search' THEN 'Search' END AS ${CLUSTER}`;
    const costs = modelTable(MARKETING_COSTS);
    await wh.materialize(
      MODEL_SCHEMA,
      { ...costs, columns: [...costs.columns, { name: CLUSTER, type: 'string', nullable: true }] },
      `SELECT t.*, ${theme} FROM (${modelSql(MARKETING_COSTS, ctx)}) AS t`,
    );
    const performance = modelTable(MARKETING_PERFORMANCE);
    await wh.materialize(
      MODEL_SCHEMA,
      {
        ...performance,
        columns: [...performance.columns, { name: CLUSTER, type: 'string', nullable: true }],
      },
      `SELECT t.*, ${theme} FROM ${MODEL_SCHEMA}.${MARKETING_PERFORMANCE.name} AS t`,
    );
  });
  afterAll(async () => {
    await wh?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** An overview KPI over March under these filters. */
  const kpi = async (measure: string, filters: ReportFilter[]): Promise<number | null> => {
    const { visual } = findVisual(MAYA_REPORT, 'overview', `kpi-${measure}`);
    const answer = await runVisualQuery(wh, clustered, visual, {
      filters,
      dateRange: MARCH_RANGE,
      sort: null,
      now: NOW,
      timeoutMs: 30_000,
    });
    const value = answer.rows[0]?.[measure];
    return value === null || value === undefined ? null : Number(value);
  };
  const list = (column: string, values: (string | null)[], mode: 'include' | 'exclude' = 'include') =>
    ({ id: column, kind: 'list', table: 'performance', column, mode, values }) satisfies ReportFilter;
  const spendOf = (keep: (name: string | null) => boolean) =>
    sum(
      MARCH.filter((f) => keep(f.name)),
      'cost',
    );

  it('adds the marketing expenses to the ad spend when nothing filters', async () => {
    expect(await kpi('spend', [])).toBeCloseTo(
      spendOf(() => true),
      9,
    );
    expect(await kpi('marketing_cost', [])).toBeCloseTo(spendOf(() => true) + EXPENSE, 9);
  });

  it('narrows the cost by a campaign as the spend, the expenses (no campaign) left out', async () => {
    const generic = [list('campaign', ['Generic Search'])];
    expect(await kpi('spend', generic)).toBeCloseTo(
      spendOf((n) => n === 'Generic Search'),
      9,
    );
    expect(await kpi('marketing_cost', generic)).toBeCloseTo(
      spendOf((n) => n === 'Generic Search'),
      9,
    );
    // Excluding a campaign keeps what is not it: the other campaigns and the expenses.
    const notGeneric = [list('campaign', ['Generic Search'], 'exclude')];
    expect(await kpi('marketing_cost', notGeneric)).toBeCloseTo(
      spendOf((n) => n !== 'Generic Search') + EXPENSE,
      9,
    );
  });

  it('narrows the cost by a service and account; the expenses read as blank there', async () => {
    const meta = [list('service', ['facebook_ads'])];
    expect(await kpi('marketing_cost', meta)).toBeCloseTo(
      sum(
        MARCH.filter((f) => f.service === 'facebook_ads'),
        'cost',
      ),
      9,
    );
    expect(await kpi('marketing_cost', [list('account', [null])])).toBeCloseTo(EXPENSE, 9);
  });

  it('narrows the cost by a cluster column that both tables carry', async () => {
    const search = [list(CLUSTER, ['Search'])];
    const searchSpend = spendOf((n) => n?.endsWith('Search') ?? false);
    expect(await kpi('spend', search)).toBeCloseTo(searchSpend, 9);
    expect(await kpi('marketing_cost', search)).toBeCloseTo(searchSpend, 9);
    const conversions = sum(
      MARCH.filter((f) => f.name?.endsWith('Search') ?? false),
      'conversions',
    );
    expect(await kpi('marketing_cpa', search)).toBeCloseTo(searchSpend / conversions, 9);
  });

  it('says so when the costs cannot apply a filter (a cluster column refused on them)', async () => {
    const performanceOnly: SemanticModel = {
      ...clustered,
      tables: clustered.tables.map((table) =>
        table.name === 'costs'
          ? { ...table, dimensions: table.dimensions.filter((d) => d.name !== CLUSTER) }
          : table,
      ),
    };
    const answer = (id: string) =>
      runVisualQuery(wh, performanceOnly, findVisual(MAYA_REPORT, 'overview', id).visual, {
        filters: [list(CLUSTER, ['Search'])],
        dateRange: MARCH_RANGE,
        sort: null,
        now: NOW,
        timeoutMs: 30_000,
      });
    expect((await answer('kpi-marketing_cost')).unfiltered).toEqual(['Theme']);
    expect((await answer('kpi-spend')).unfiltered).toBeUndefined();
  });

  it('carries every column of the ad spend rows that a cluster rule may read', () => {
    expect(tablesCarrying(MARKETING_PERFORMANCE.name)).toEqual([MARKETING_COSTS.name]);
    const costs = new Map(MARKETING_COSTS.columns.map((c) => [c.name, c.type]));
    for (const column of MARKETING_PERFORMANCE.columns) {
      if (column.role === 'packed' || column.role === 'minor' || column.name === 'date') continue;
      expect(costs.get(column.name), column.name).toBe(column.type);
    }
  });
});
