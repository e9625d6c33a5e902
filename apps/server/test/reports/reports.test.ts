// The reports API over a real load (loaded-organization.ts): the list, a report, and every
// number the -maya overview answers checked against sums over analytics.marketing_performance
// computed here in plain SQL.
import { addDays, addMonths } from '@maya/contracts';
import type { ReportFilter } from '@maya/contracts';
import { MAYA_REPORT, resolveRelativeDate } from '@maya/analytics';
import type { Row } from '@maya/warehouse';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizationOwner } from '../support/sources';
import { loadedOrganization, type LoadedOrganization, type Owner } from './loaded-organization';

const NOW = new Date();
const { loaded, sql, query, ok } = loadedOrganization('reports-owner@example.com', NOW);
let t: LoadedOrganization['t'];
let reports: LoadedOrganization['reports'];
let owner: Owner;
let period: LoadedOrganization['period'];
let previous: LoadedOrganization['previous'];
beforeAll(() => {
  ({ t, reports, owner, period, previous } = loaded);
});

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

describe('the reports list and a report', () => {
  it('lists the built-in reports with their embed fields', async () => {
    const body = await ok(
      reports.call('GET', `/reports?organization_id=${owner.organizationId}`, owner.token),
    );
    expect(body.reports).toEqual([
      {
        id: 'maya',
        slug: '-maya',
        name: 'Marketing Performance',
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

  it("turns the campaigns table's pages by offset; other visuals and bad offsets get 422", async () => {
    const whole = await ok(query('campaigns'));
    expect(whole.rows.length).toBeGreaterThan(2);
    const rest = await ok(query('campaigns', { offset: 2 }));
    expect(rest.rows).toEqual(whole.rows.slice(2));
    expect(rest.truncated).toBe(false);
    expect(rest.totals).toEqual(whole.totals);

    const kpi = await query('kpi-spend', { offset: 2 });
    expect(kpi).toMatchObject({ status: 422, body: { detail: { type: 'invalid_report_query' } } });
    for (const offset of [-1, 2.5, 10_001]) {
      expect((await query('campaigns', { offset })).status).toBe(422);
    }
  });

  it('compares each KPI with the previous period of equal length, the source covering both', async () => {
    const [now, before] = [total(await sums(period)), total(await sums(previous))];
    const spend = await ok(query('kpi-spend'));
    expect(spend.rows[0].spend).toBeCloseTo(now.spend, 6);
    expect(spend.comparison).toMatchObject({ ...previous, current: period, data_from: null });
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
    // Compared up to the last day with data, with the same days 30 days before; or a month
    // before when the 30 days are a calendar month (on the 30th of a 30-day month), as whole
    // months are compared.
    const wholeMonth = range.from.endsWith('-01') && addDays(range.to, 1).endsWith('-01');
    const back = (day: string) => (wholeMonth ? addMonths(day, -1) : addDays(day, -30));
    expect(relative.comparison).toMatchObject({
      current: { from: range.from, to: period.to },
      from: back(range.from),
      to: back(period.to),
      data_from: null,
    });

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
