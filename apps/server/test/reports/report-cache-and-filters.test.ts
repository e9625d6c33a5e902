// The reports API over a real load (loaded-organization.ts) around the numbers: the result
// cache and its retirement by a rebuild, organizations kept apart, a list filter's values page by page, and
// queries refused with a clear type.
import { beforeAll, describe, expect, it } from 'vitest';
import { organizationOwner } from '../support/sources';
import { loadedOrganization, type LoadedOrganization, type Owner } from './loaded-organization';

const { loaded, sql, query, ok } = loadedOrganization('reports-cache-owner@example.com', new Date());
let t: LoadedOrganization['t'];
let reports: LoadedOrganization['reports'];
let owner: Owner;
let period: LoadedOrganization['period'];
beforeAll(() => {
  ({ t, reports, owner, period } = loaded);
});

describe('the result cache', () => {
  it('answers a repeated query without the warehouse, and reads it again after a rebuild', async () => {
    const first = await ok(query('campaigns', { sort: [{ field: 'clicks', direction: 'asc' }] }));
    const reached = { ...reports.reached };
    const again = await ok(query('campaigns', { sort: [{ field: 'clicks', direction: 'asc' }] }));
    expect(again).toEqual(first);
    expect(reports.reached).toEqual(reached);

    await reports.modelling.rebuild(owner.organizationId);
    const fresh = await ok(query('campaigns', { sort: [{ field: 'clicks', direction: 'asc' }] }));
    expect(fresh).toEqual(first);
    expect(reports.reached.opened).toBe(reached.opened + 1);
    expect(reports.reached.queries).toBeGreaterThan(reached.queries);
  });

  it("lists the table once for a page's visuals sent at once after a load", async () => {
    await reports.modelling.rebuild(owner.organizationId);
    const before = { ...reports.reached };
    const visuals = ['kpi-spend', 'kpi-clicks', 'spend-over-time', 'campaigns'];
    const answers = await Promise.all(visuals.map((visual) => query(visual)));
    expect(answers.map((a) => a.status)).toEqual(visuals.map(() => 200));
    expect(reports.reached.tableListings - before.tableListings).toBe(1);
    // The page's table, its two daily roll-ups and the exchange rates its amounts are converted
    // with, once each.
    expect(reports.reached.columnListings - before.columnListings).toBe(4);

    // Remembered until the next load: the next visual lists nothing.
    await ok(query('kpi-roas'));
    expect(reports.reached.columnListings - before.columnListings).toBe(4);
  });

  it('reads the daily roll-up the load built where a visual needs nothing finer (decision 810)', async () => {
    await reports.modelling.rebuild(owner.organizationId);
    const seen = reports.statements.length;
    await ok(query('kpi-spend'));
    await ok(query('spend-over-time'));
    const rolledUp = reports.statements.slice(seen);
    expect(rolledUp.length).toBeGreaterThan(0);
    expect(rolledUp.filter((sql) => !sql.includes('"marketing_performance_daily"'))).toEqual([]);
    // By campaign: the roll-up by campaign, grouped by its packed channel and campaign; by ad
    // group, the table itself.
    const campaigns = reports.statements.length;
    await ok(query('campaigns'));
    const grouped = reports.statements.slice(campaigns).filter((sql) => sql.includes('"channel_campaign"'));
    expect(grouped.length).toBeGreaterThan(0);
    expect(grouped.every((sql) => sql.includes('"marketing_performance_campaigns_daily"'))).toBe(true);
    const adGroups = reports.statements.length;
    await ok(query('ad-groups', { page: 'campaigns' }));
    const byAdGroup = reports.statements.slice(adGroups).filter((sql) => sql.includes('"ad_group_name"'));
    expect(byAdGroup.length).toBeGreaterThan(0);
    expect(byAdGroup.every((sql) => sql.includes('"marketing_performance" '))).toBe(true);
  });

  it('answers from the table when a roll-up it listed is gone (a failed build dropped it)', async () => {
    const org = owner.organizationId;
    await reports.modelling.rebuild(org);
    await ok(query('kpi-spend'));
    await reports.modelling.withWarehouse(
      org,
      async (warehouse) => {
        await warehouse.dropTable('analytics', 'marketing_performance_daily');
        await warehouse.dropTable('analytics', 'marketing_performance_campaigns_daily');
      },
      'write',
    );
    // A range not in the cache: the statement is sent, finds no roll-up, and the table answers.
    const first = { date_range: { from: period.from, to: period.from } };
    let seen = reports.statements.length;
    const fromTable = await ok(query('kpi-spend', first));
    let sent = reports.statements.slice(seen);
    expect(sent.some((sql) => sql.includes('"marketing_performance_daily"'))).toBe(true);
    expect(sent.some((sql) => sql.includes('"analytics"."marketing_performance" '))).toBe(true);
    // The next request lists the tables again and reads the table alone.
    seen = reports.statements.length;
    await ok(query('kpi-spend', { date_range: { from: period.to, to: period.to } }));
    sent = reports.statements.slice(seen);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.some((sql) => sql.includes('_daily'))).toBe(false);
    // Built again, the roll-ups give the table's answer.
    await reports.modelling.rebuild(org);
    seen = reports.statements.length;
    expect(await ok(query('kpi-spend', first))).toEqual(fromTable);
    expect(reports.statements.slice(seen).some((sql) => sql.includes('"marketing_performance_daily"'))).toBe(
      true,
    );
  });

  it('groups the campaigns table by the packed column the loaded table has', async () => {
    await reports.modelling.rebuild(owner.organizationId);
    const seen = reports.statements.length;
    await ok(query('campaigns'));
    const sent = reports.statements.slice(seen);
    expect(sent.filter((sql) => sql.includes('GROUP BY "channel_campaign"'))).toHaveLength(1);
    expect(sent.some((sql) => sql.includes('GROUP BY "channel", "campaign_name"'))).toBe(false);
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
