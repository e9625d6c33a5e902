import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportLimits, type ReportFilter, type ReportQueryResponse } from '@maya/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckDbWarehouse } from '@maya/warehouse';
import { MODEL_SCHEMA } from '../models/build';
import { MARKETING_PERFORMANCE } from '../models/marketing-performance';
import { modelTable } from '../models/model';
import type { Warehouse } from '@maya/warehouse/interface';
import { MARKETING_SEMANTIC_MODEL } from './builtin-models';
import { DAILY_PERFORMANCE, MAYA_REPORT } from './builtin-reports';
import { findVisual } from './report-document';
import { FIXTURE, MARCH, inRange, modelRow, sum, type Fixture } from '../../test/report-fixture';
import { runVisualQuery, type VisualQueryInput } from './run-visual';

// -maya's Daily performance table (the reconciliation test reads each account's days from it)
// run on DuckDB over the report fixture, its numbers checked against sums of the fixture rows.

const NOW = new Date('2024-03-20T10:00:00Z');

describe('-maya: Daily performance', () => {
  let dataDir: string;
  let wh: Warehouse;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'maya-daily-'));
    wh = await openDuckDbWarehouse({ file: join(dataDir, `${randomUUID()}.duckdb`) });
    await wh.ensureSchema(MODEL_SCHEMA);
    await wh.createTable(MODEL_SCHEMA, modelTable(MARKETING_PERFORMANCE));
    await wh.loadBatch(MODEL_SCHEMA, MARKETING_PERFORMANCE.name, [FIXTURE.map(modelRow)]);
  });
  afterAll(async () => {
    await wh?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const daily = (over: Partial<VisualQueryInput> = {}): Promise<ReportQueryResponse> =>
    runVisualQuery(wh, MARKETING_SEMANTIC_MODEL, DAILY_PERFORMANCE, {
      filters: [],
      dateRange: null,
      sort: null,
      now: NOW,
      timeoutMs: 30_000,
      ...over,
    });

  /** What the table should say of some fixture rows: the sums, and the ratios of the sums. */
  const expected = (rows: Fixture[]) => {
    const [spend, impressions, clicks, conversions, value] = (
      ['cost', 'impressions', 'clicks', 'conversions', 'value'] as const
    ).map((key) => sum(rows, key)) as [number, number, number, number, number];
    const ratio = (a: number, b: number) => (b === 0 ? null : a / b);
    return {
      spend,
      impressions,
      clicks,
      ctr: ratio(clicks, impressions),
      cpc: ratio(spend, clicks),
      conversions,
      conversion_rate: ratio(conversions, clicks),
      cpa: ratio(spend, conversions),
      conversion_value: value,
      roas: ratio(value, spend),
    };
  };

  const expectNumbers = (row: Record<string, unknown>, want: ReturnType<typeof expected>, label: string) => {
    for (const [measure, value] of Object.entries(want)) {
      if (value === null) expect(row[measure], `${label} ${measure}`).toBeNull();
      else expect(row[measure], `${label} ${measure}`).toBeCloseTo(value, 9);
    }
  };

  it('is on the Channels page, not the overview the benchmark measures', () => {
    expect(findVisual(MAYA_REPORT, 'channels', DAILY_PERFORMANCE.id).visual).toEqual(DAILY_PERFORMANCE);
    expect(MAYA_REPORT.pages.find((p) => p.name === 'overview')?.visuals.map((v) => v.id)).toEqual([
      'kpi-spend',
      'kpi-impressions',
      'kpi-clicks',
      'kpi-ctr',
      'kpi-cpc',
      'kpi-conversions',
      'kpi-cpa',
      'kpi-roas',
      'kpi-marketing_cost',
      'kpi-marketing_cpa',
      'kpi-marketing_roas',
      'spend-over-time',
      'spend-by-channel',
      'campaigns',
    ]);
  });

  it('gives every day of the period, newest first, with each measure and the totals', async () => {
    const answer = await daily({ dateRange: { from: '2024-03-01', to: '2024-03-31' } });
    expect(answer.columns.map((c) => [c.name, c.label, c.role, c.format ?? c.grain])).toEqual([
      ['date', 'Date', 'dimension', 'day'],
      ['spend', 'Spend', 'measure', 'currency'],
      ['account_spend', 'Spend (account currency)', 'measure', 'account_currency'],
      ['impressions', 'Impressions', 'measure', 'number'],
      ['clicks', 'Clicks', 'measure', 'number'],
      ['ctr', 'CTR', 'measure', 'percent'],
      ['cpc', 'CPC', 'measure', 'currency'],
      ['conversions', 'Conversions', 'measure', 'number'],
      ['conversion_rate', 'Conversion rate', 'measure', 'percent'],
      ['cpa', 'CPA', 'measure', 'currency'],
      ['conversion_value', 'Conversion value', 'measure', 'currency'],
      ['roas', 'ROAS', 'measure', 'number'],
    ]);
    expect(answer.truncated).toBe(false);
    const days = [...new Set(MARCH.map((f) => f.date))].sort().reverse();
    expect(answer.rows.map((r) => r.date)).toEqual(days);
    for (const row of answer.rows) {
      expectNumbers(row, expected(MARCH.filter((f) => f.date === row.date)), String(row.date));
    }
    expectNumbers(answer.totals?.grand ?? {}, expected(MARCH), 'totals');
  });

  it('filters by channel and sorts as a header click asks', async () => {
    const meta: ReportFilter = {
      id: 'channel',
      kind: 'list',
      table: 'performance',
      column: 'channel',
      mode: 'include',
      values: ['Meta Ads'],
    };
    const answer = await daily({
      filters: [meta],
      dateRange: { from: '2024-02-15', to: '2024-03-10' },
      sort: [{ field: 'date', direction: 'asc' }],
    });
    // Meta Ads ran from 1 March only.
    const rows = inRange('2024-03-01', '2024-03-10').filter((f) => f.channel === 'Meta Ads');
    expect(answer.rows.map((r) => [r.date, r.spend, r.clicks, r.conversions])).toEqual(
      rows.map((f) => [f.date, f.cost, f.clicks, f.conversions]),
    );
  });

  it('holds its default thousand rows, and says when days were left out', async () => {
    const answer = await daily();
    const days = new Set(FIXTURE.map((f) => f.date));
    expect(days.size).toBeGreaterThan(reportLimits.defaultTableRows);
    expect(answer.rows).toHaveLength(reportLimits.defaultTableRows);
    expect(answer.truncated).toBe(true);
    expect(answer.rows[0]?.date).toBe([...days].sort().at(-1));
    // The totals are over every day, not only those shown.
    expect(answer.totals?.grand.clicks).toBe(sum(FIXTURE, 'clicks'));
  });
});
