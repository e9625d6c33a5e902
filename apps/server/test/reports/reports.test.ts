// The reports API over a real load: a sandbox Google Ads account connected and loaded by the ETL
// into the organization's DuckDB file, the models built, and every number a visual answers checked
// against sums over analytics.marketing_performance computed here in plain SQL.
import { addDays } from '@maya/connectors';
import { ReportQueryResponseSchema, type ReportFilter } from '@maya/contracts';
import {
  MAYA_REPORT,
  duckDbFileFor,
  openDuckDbWarehouse,
  resolveRelativeDate,
  type Row,
  type Warehouse,
} from '@maya/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsApp } from '../support/accounts';
import { accountSettled, connectGoogleAds, organizationOwner } from '../support/sources';
import { startReportsApp, type ReportsApp } from './reports-app';

type Owner = Awaited<ReturnType<typeof organizationOwner>>;

const NOW = new Date();
let t: AccountsApp;
let reports: ReportsApp;
let owner: Owner;
let warehouse: Warehouse;
/** The last 30 days of the loaded data, and the 30 before them. */
let period: { from: string; to: string };
let previous: { from: string; to: string };

beforeAll(async () => {
  t = await startAccountsApp();
  reports = await startReportsApp(t, { now: NOW });
  owner = await organizationOwner(t, 'reports-owner@example.com');
  const { accounts } = await connectGoogleAds(t, owner, 1);
  expect(await accountSettled(t, owner, accounts[0]!.uuid, 120_000)).toMatchObject({
    sync_status: 'finished',
  });
  warehouse = await openDuckDbWarehouse({ file: duckDbFileFor(t.config.dataDir, owner.organizationId) });
  const [last] = await sql('SELECT max(date) AS last FROM analytics.marketing_performance');
  const to = String(last?.last);
  period = { from: addDays(to, -29), to };
  previous = { from: addDays(to, -59), to: addDays(to, -30) };
}, 180_000);

afterAll(async () => {
  await warehouse?.close();
  await reports?.close();
  await t?.close();
});

async function sql(text: string, params: unknown[] = []): Promise<Row[]> {
  return (await warehouse.query(text, params, { timeoutMs: 30_000 })).rows;
}

/** Spend (currency units), clicks and impressions per channel and campaign over the days, in SQL. */
async function sums(range: { from: string; to: string }, where = '', params: unknown[] = []) {
  const rows = await sql(
    `SELECT channel, campaign_name AS campaign, sum(cost_micros) AS micros, sum(clicks) AS clicks,
       sum(impressions) AS impressions
     FROM analytics.marketing_performance WHERE date BETWEEN $1 AND $2 ${where}
     GROUP BY 1, 2 ORDER BY 1, 2`,
    [range.from, range.to, ...params],
  );
  return rows.map((r) => ({
    channel: r.channel as string,
    campaign: r.campaign as string | null,
    spend: Number(r.micros) / 1_000_000,
    clicks: Number(r.clicks),
    impressions: Number(r.impressions),
  }));
}

const total = (rows: { spend: number; clicks: number }[]) => ({
  spend: rows.reduce((s, r) => s + r.spend, 0),
  clicks: rows.reduce((s, r) => s + r.clicks, 0),
});

const query = async (visual_id: string, over: Record<string, unknown> = {}) => {
  const answer = await reports.call('POST', '/reports/-maya/query', owner.token, {
    organization_id: owner.organizationId,
    report: '-maya',
    page: 'overview',
    visual_id,
    filters: [],
    date_range: period,
    sort: null,
    ...over,
  });
  // The route answers plain JSON (platform/http.ts plainJsonSerializer): its contract, exactly.
  if (answer.status === 200) expect(ReportQueryResponseSchema.parse(answer.body)).toEqual(answer.body);
  return answer;
};

const ok = async (answer: Promise<{ status: number; body: Record<string, unknown> }>) => {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBe(200);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
  return body as Record<string, any>;
};

describe('the reports list and a report', () => {
  it('lists the built-in reports with their embed fields', async () => {
    const body = await ok(
      reports.call('GET', `/reports?organization_id=${owner.organizationId}`, owner.token),
    );
    expect(body.reports).toEqual([
      {
        id: 'maya',
        slug: '-maya',
        name: '-maya',
        embed_url: `${t.config.appUrl}/api/reports/-maya?organization_id=${owner.organizationId}`,
        access_token: null,
        access_level: 'Edit',
        permission_level: 'admin',
        demo: false,
        is_custom: false,
        dataset_id: 'marketing',
      },
      expect.objectContaining({
        slug: '-seo-v1',
        is_custom: false,
        dataset_id: 'search',
        access_level: 'Edit',
      }),
    ]);
  });

  it('opens -maya with its document and the last day of its data', async () => {
    const body = await ok(
      reports.call('GET', `/reports/-maya?organization_id=${owner.organizationId}`, owner.token),
    );
    expect(body.document).toEqual(MAYA_REPORT);
    expect(body.report).toMatchObject({ slug: '-maya', access_level: 'Edit' });
    expect(body.data_through).toBe(period.to);
    // No Search Console account: its tables are built, empty.
    const seo = await ok(
      reports.call('GET', `/reports/-seo-v1?organization_id=${owner.organizationId}`, owner.token),
    );
    expect(seo.data_through).toBeNull();
  });

  it('answers 404 for a report that does not exist and for a non-member', async () => {
    const missing = await reports.call(
      'GET',
      `/reports/-nope?organization_id=${owner.organizationId}`,
      owner.token,
    );
    expect(missing).toMatchObject({ status: 404, body: { detail: { type: 'report_not_found' } } });
    const stranger = await organizationOwner(t, 'reports-stranger@example.com');
    for (const path of ['/reports', '/reports/-maya']) {
      const answer = await reports.call(
        'GET',
        `${path}?organization_id=${owner.organizationId}`,
        stranger.token,
      );
      expect(answer.status, path).toBe(404);
    }
    expect((await query('kpi-spend')).status).toBe(200);
    const body = {
      organization_id: owner.organizationId,
      report: '-maya',
      page: 'overview',
      visual_id: 'kpi-spend',
    };
    const foreign = await reports.call('POST', '/reports/-maya/query', stranger.token, {
      ...body,
      filters: [],
      date_range: null,
      sort: null,
    });
    expect(foreign.status).toBe(404);
  });
});

describe("the -maya overview on the organization's data", () => {
  it('spends per channel, and per campaign in the table, what marketing_performance holds', async () => {
    const expected = await sums(period);
    const byChannel = new Map<string, { spend: number; clicks: number }>();
    for (const row of expected) {
      const sum = byChannel.get(row.channel) ?? { spend: 0, clicks: 0 };
      byChannel.set(row.channel, { spend: sum.spend + row.spend, clicks: sum.clicks + row.clicks });
    }
    expect(byChannel.size).toBeGreaterThan(0);
    expect(expected.length).toBeGreaterThan(1);

    const donut = await ok(query('spend-by-channel'));
    expect(donut.rows.map((r: Row) => r.channel).sort()).toEqual([...byChannel.keys()].sort());
    for (const row of donut.rows as Row[]) {
      expect(row.spend).toBeCloseTo(byChannel.get(row.channel as string)!.spend, 6);
    }
    expect(donut.data_through).toBe(period.to);

    const table = await ok(query('campaigns'));
    expect(table.columns.map((c: { name: string }) => c.name).slice(0, 4)).toEqual([
      'channel',
      'campaign',
      'spend',
      'impressions',
    ]);
    expect(table.rows).toHaveLength(expected.length);
    for (const want of expected) {
      const got = (table.rows as Row[]).find(
        (r) => r.channel === want.channel && r.campaign === want.campaign,
      );
      expect(got, `${want.channel} ${want.campaign}`).toBeDefined();
      expect(got!.spend).toBeCloseTo(want.spend, 6);
      expect(got).toMatchObject({ clicks: want.clicks, impressions: want.impressions });
    }
    const spends = (table.rows as Row[]).map((r) => Number(r.spend));
    expect(spends).toEqual([...spends].sort((a, b) => b - a));
    expect(table.totals.grand.spend).toBeCloseTo(total(expected).spend, 6);
    expect(table.totals.grand.clicks).toBe(total(expected).clicks);
  });

  it('compares each KPI with the previous period of equal length', async () => {
    const [now, before] = [total(await sums(period)), total(await sums(previous))];
    const spend = await ok(query('kpi-spend'));
    expect(spend.rows[0].spend).toBeCloseTo(now.spend, 6);
    expect(spend.comparison).toMatchObject(previous);
    expect(spend.comparison.rows[0].spend).toBeCloseTo(before.spend, 6);
    const clicks = await ok(query('kpi-clicks'));
    expect(clicks.rows[0].clicks).toBe(now.clicks);
    expect(clicks.comparison.rows[0].clicks).toBe(before.clicks);
    expect(before.clicks).toBeGreaterThan(0);
  });

  it('draws spend per day over the period', async () => {
    const days = await sql(
      `SELECT date, sum(cost_micros) AS micros FROM analytics.marketing_performance
       WHERE date BETWEEN $1 AND $2 GROUP BY 1 ORDER BY 1`,
      [period.from, period.to],
    );
    const line = await ok(query('spend-over-time'));
    expect(line.sampled).toBe(false);
    expect(line.rows.map((r: Row) => r.date)).toEqual(days.map((d) => d.date));
    line.rows.forEach((r: Row, i: number) => expect(r.spend).toBeCloseTo(Number(days[i]!.micros) / 1e6, 6));
    expect(line.data_through).toBe(period.to);
  });

  it("filters by a campaign, and by the report's own 'in the last 30 days'", async () => {
    const [first] = await sums(period);
    const campaign: ReportFilter = {
      id: 'campaign',
      kind: 'list',
      table: 'performance',
      column: 'campaign',
      mode: 'include',
      values: [first!.campaign],
    };
    const table = await ok(query('campaigns', { filters: [campaign] }));
    expect(table.rows).toHaveLength(1);
    expect(table.rows[0]).toMatchObject({ campaign: first!.campaign, clicks: first!.clicks });
    const kpi = await ok(query('kpi-spend', { filters: [campaign] }));
    expect(kpi.rows[0].spend).toBeCloseTo(first!.spend, 6);

    const lastThirty = MAYA_REPORT.filters.find((f) => f.id === 'date')!;
    const range = resolveRelativeDate(lastThirty as Extract<ReportFilter, { kind: 'relative_date' }>, NOW);
    const relative = await ok(query('kpi-clicks', { filters: [lastThirty], date_range: null }));
    expect(relative.rows[0].clicks).toBe(total(await sums(range)).clicks);
    expect(relative.comparison).toMatchObject({ to: addDays(range.from, -1) });

    // "is after" bounds no period: the KPI shows its value without a comparison.
    const after: ReportFilter = {
      id: 'date',
      kind: 'advanced_date',
      table: 'performance',
      column: 'date',
      operator: 'is_after',
      value: `${addDays(period.from, -1)}T12:00`,
    };
    const open = await ok(query('kpi-clicks', { filters: [after], date_range: null }));
    expect(open.rows[0].clicks).toBe(total(await sums(period)).clicks);
    expect(open.comparison).toBeNull();
  });
});

describe('the result cache', () => {
  it('answers a repeated query without the warehouse, and reads it again after invalidate', async () => {
    const first = await ok(query('campaigns', { sort: [{ field: 'clicks', direction: 'asc' }] }));
    const reached = { ...reports.reached };
    const again = await ok(query('campaigns', { sort: [{ field: 'clicks', direction: 'asc' }] }));
    expect(again).toEqual(first);
    expect(reports.reached).toEqual(reached);

    reports.service.invalidate(owner.organizationId);
    const fresh = await ok(query('campaigns', { sort: [{ field: 'clicks', direction: 'asc' }] }));
    expect(fresh).toEqual(first);
    expect(reports.reached.opened).toBe(reached.opened + 1);
    expect(reports.reached.queries).toBeGreaterThan(reached.queries);
  });

  it('keeps organizations apart: one that never loaded data has no workspace yet', async () => {
    const newcomer = await organizationOwner(t, 'reports-newcomer@example.com');
    const on = `organization_id=${newcomer.organizationId}`;
    expect((await reports.call('GET', `/reports?${on}`, newcomer.token)).status).toBe(200);
    const opened = await reports.call('GET', `/reports/-maya?${on}`, newcomer.token);
    expect(opened).toMatchObject({ status: 404, body: { detail: { type: 'workspace_not_setup' } } });
    const visual = await reports.call('POST', '/reports/-maya/query', newcomer.token, {
      organization_id: newcomer.organizationId,
      report: '-maya',
      page: 'overview',
      visual_id: 'kpi-spend',
      filters: [],
      date_range: period,
      sort: null,
    });
    expect(visual).toMatchObject({ status: 404, body: { detail: { type: 'workspace_not_setup' } } });
    const values = await reports.call(
      'GET',
      `/reports/filter-values?${on}&datasetId=marketing&table=performance&column=channel`,
      newcomer.token,
    );
    expect(values).toMatchObject({ status: 404, body: { detail: { type: 'workspace_not_setup' } } });
  });
});

describe('filter options', () => {
  const values = (query: string) =>
    reports.call(
      'GET',
      `/reports/filter-values?organization_id=${owner.organizationId}&datasetId=marketing&table=performance&${query}`,
      owner.token,
    );

  it("pages through a column's distinct values with the cursor", async () => {
    const dates = (await sql('SELECT DISTINCT date FROM analytics.marketing_performance ORDER BY date')).map(
      (r) => r.date,
    );
    expect(dates.length).toBeGreaterThan(100);
    const seen: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page = await ok(values(`column=date${cursor === null ? '' : `&cursor=${cursor}`}`));
      expect(page.data.length).toBeLessThanOrEqual(100);
      seen.push(...page.data);
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(dates);

    const campaigns = await sql(
      'SELECT DISTINCT campaign_name AS name FROM analytics.marketing_performance ORDER BY name NULLS FIRST',
    );
    expect((await ok(values('column=campaign'))).data).toEqual(campaigns.map((r) => r.name));
  });

  it('refuses a cursor of another column, an unknown dataset and an unknown column', async () => {
    const page = await ok(values('column=date'));
    const foreign = await values(`column=campaign&cursor=${page.nextCursor}`);
    expect(foreign).toMatchObject({ status: 422, body: { detail: { type: 'invalid_cursor' } } });
    const garbage = await values('column=date&cursor=not!base64');
    expect(garbage).toMatchObject({ status: 422, body: { detail: { type: 'invalid_cursor' } } });
    const dataset = await reports.call(
      'GET',
      `/reports/filter-values?organization_id=${owner.organizationId}&datasetId=nope&table=performance&column=date`,
      owner.token,
    );
    expect(dataset).toMatchObject({ status: 422, body: { detail: { type: 'unknown_field' } } });
    expect(await values('column=colour')).toMatchObject({
      status: 422,
      body: { detail: { type: 'unknown_field' } },
    });
  });
});

describe('a query the report cannot answer', () => {
  it('is refused with a clear type, and changes nothing', async () => {
    const stats = reports.service.cacheStats();
    const refused = async (over: Record<string, unknown>, status: number, type: string) => {
      const answer = await query('campaigns', over);
      expect(answer.status, JSON.stringify(over)).toBe(status);
      expect(answer.body.detail.type, JSON.stringify(answer.body)).toBe(type);
    };
    await refused({ visual_id: 'no-such-visual' }, 422, 'report_not_found');
    await refused({ page: 'no-such-page' }, 422, 'report_not_found');
    await refused({ sort: [{ field: 'colour', direction: 'asc' }] }, 422, 'unknown_field');
    const onColour = {
      id: 'x',
      kind: 'list',
      table: 'performance',
      column: 'colour',
      mode: 'include',
      values: ['a'],
    };
    await refused({ filters: [onColour] }, 422, 'unknown_field');
    await refused({ filters: [{ ...onColour, table: 'nowhere', column: 'channel' }] }, 422, 'unknown_field');
    await refused({ report: '-seo-v1' }, 422, 'invalid_report_query');
    await refused({ page: 'campaigns', visual_id: 'campaign-type' }, 422, 'invalid_report_query');

    const invalid = await query('campaigns', { date_range: { from: period.to, to: period.from } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail[0]).toMatchObject({ loc: ['body', 'date_range', 'to'] });
    const noSuchReport = await reports.call('POST', '/reports/-nope/query', owner.token, {
      organization_id: owner.organizationId,
      report: '-nope',
      page: 'overview',
      visual_id: 'kpi-spend',
      filters: [],
      date_range: null,
      sort: null,
    });
    expect(noSuchReport).toMatchObject({ status: 404, body: { detail: { type: 'report_not_found' } } });
    expect(reports.service.cacheStats().entries).toBe(stats.entries);
  });
});
