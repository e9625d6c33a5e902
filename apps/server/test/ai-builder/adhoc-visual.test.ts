// The ad-hoc visual end to end on the server (decisions 250-251): a prompt no visual of -maya
// answers exactly becomes a state carrying a visual of its own, the query endpoint runs it under
// the page's filters through the same compiler, checked against the semantic model, and answers
// the numbers the warehouse holds; a visual model a client makes up is refused with a 4xx.
import { decodeReportState, type AdHocVisual, type ReportFilter } from '@maya/contracts';
import type { Row } from '@maya/warehouse';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadedOrganization, type LoadedOrganization } from '../reports/loaded-organization';
import { startAiBuilderApp } from './ai-builder-app';

const NOW = new Date();
const { loaded, sql, query } = loadedOrganization('adhoc-owner@example.com', NOW);
let builder: Awaited<ReturnType<typeof startAiBuilderApp>>;
let owner: LoadedOrganization['owner'];
let period: LoadedOrganization['period'];
beforeAll(async () => {
  ({ owner, period } = loaded);
  builder = await startAiBuilderApp(loaded.t, loaded.reports, { now: NOW, llmUrl: null });
  return () => builder.close();
});

const CTR_BY_TYPE: AdHocVisual = {
  id: 'adhoc',
  kind: 'bar',
  title: 'CTR by campaign type',
  table: 'performance',
  layout: { x: 0, y: 0, w: 12, h: 5 },
  axis: { name: 'campaign_type', grain: null },
  legend: null,
  measures: ['ctr'],
  sort: [{ field: 'ctr', direction: 'desc' }],
  limit: null,
};

/** The ad-hoc visual's query, on `page` of -maya over the period. */
const adhoc = (visual: unknown, over: Record<string, unknown> = {}) => query('adhoc', { visual, ...over });

describe('a prompt no visual answers exactly', () => {
  it('becomes an ad-hoc visual in the state, and its query answers what the warehouse holds', async () => {
    const { status, body } = await builder.generate('-maya', owner.token, {
      organization_id: owner.organizationId,
      prompt: 'ctr by campaign type',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.text_response).toMatch(/^Here is CTR by campaign type, in a new visual at the top of the/);
    const state = decodeReportState((body.bookmark as { state: string }).state);
    expect(state.adhoc?.visual).toMatchObject({
      kind: 'bar',
      table: 'performance',
      axis: { name: 'campaign_type' },
      measures: ['ctr'],
    });

    const answer = await query('adhoc', { page: state.adhoc!.page, visual: state.adhoc!.visual });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const rows = await sql(
      `SELECT campaign_type, sum(clicks) AS clicks, sum(impressions) AS impressions
       FROM analytics.marketing_performance WHERE date BETWEEN $1 AND $2 GROUP BY 1`,
      [period.from, period.to],
    );
    expect(rows.length).toBeGreaterThan(1);
    const got = answer.body.rows as Row[];
    expect(got).toHaveLength(rows.length);
    for (const want of rows) {
      const row = got.find((r) => r.campaign_type === want.campaign_type);
      const ctr = Number(want.impressions) === 0 ? null : Number(want.clicks) / Number(want.impressions);
      if (ctr === null) expect(row?.ctr).toBeNull();
      else expect(row?.ctr).toBeCloseTo(ctr, 9);
    }
    const ctrs = got.map((r) => Number(r.ctr ?? -1));
    expect(ctrs).toEqual([...ctrs].sort((a, b) => b - a));
  });

  it('is filtered by the page’s filters as the page’s visuals are', async () => {
    const [campaign] = await sql(
      `SELECT campaign_name AS name FROM analytics.marketing_performance
       WHERE date BETWEEN $1 AND $2 GROUP BY 1 ORDER BY sum(clicks) DESC LIMIT 1`,
      [period.from, period.to],
    );
    const filter: ReportFilter = {
      id: 'campaign-filter',
      kind: 'list',
      table: 'performance',
      column: 'campaign',
      mode: 'include',
      values: [String(campaign?.name)],
    };
    const answer = await adhoc(CTR_BY_TYPE, { filters: [filter] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [want] = await sql(
      `SELECT sum(clicks) AS clicks FROM analytics.marketing_performance
       WHERE date BETWEEN $1 AND $2 AND campaign_name = $3`,
      [period.from, period.to, campaign?.name],
    );
    const table: AdHocVisual = {
      ...CTR_BY_TYPE,
      kind: 'table',
      dimensions: [],
      measures: ['clicks'],
      sort: [],
      limit: null,
      totals: false,
    };
    const total = await adhoc(table, { filters: [filter] });
    expect(total.status, JSON.stringify(total.body)).toBe(200);
    expect((total.body.rows as Row[])[0]?.clicks).toBe(Number(want?.clicks));
  });
});

describe('a visual model a client sends is checked, never a 500', () => {
  const cases: [string, unknown, Record<string, unknown>, string | null][] = [
    ['a table the model does not have', { ...CTR_BY_TYPE, table: 'users' }, {}, 'unknown_field'],
    ['a measure it does not have', { ...CTR_BY_TYPE, measures: ['bounce_rate'] }, {}, 'unknown_field'],
    [
      'a dimension it does not have',
      { ...CTR_BY_TYPE, axis: { name: 'device', grain: null } },
      {},
      'unknown_field',
    ],
    ['a grain on a text', { ...CTR_BY_TYPE, axis: { name: 'channel', grain: 'week' } }, {}, null],
    [
      'a sort by a field it does not select',
      { ...CTR_BY_TYPE, sort: [{ field: 'spend', direction: 'desc' }] },
      {},
      null,
    ],
    ['a line over a text axis', { ...CTR_BY_TYPE, kind: 'line' }, {}, 'invalid_report_query'],
    [
      'an id of a page visual',
      { ...CTR_BY_TYPE, id: 'campaigns' },
      { visual_id: 'campaigns' },
      'invalid_report_query',
    ],
    ['another id than visual_id', CTR_BY_TYPE, { visual_id: 'other' }, 'invalid_report_query'],
    ['a page the report does not have', CTR_BY_TYPE, { page: 'nowhere' }, 'report_not_found'],
    ['SQL as a field name', { ...CTR_BY_TYPE, measures: ['ctr); DROP TABLE x; --'] }, {}, null],
    ['a slicer', { ...CTR_BY_TYPE, kind: 'slicer', dimension: 'channel' }, {}, null],
    [
      'more rows than a table may show',
      { ...CTR_BY_TYPE, kind: 'table', dimensions: [], totals: false, limit: 10_001 },
      {},
      null,
    ],
    ['more bars than a chart may draw', { ...CTR_BY_TYPE, limit: 2_001 }, {}, null],
    ['no visual at all', 'adhoc', {}, null],
  ];
  it.each(cases)('%s: 422', async (_what, visual, over, type) => {
    const answer = await adhoc(visual, over);
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    if (type !== null) expect(answer.body).toMatchObject({ detail: { type } });
  });

  it('a visual for another organization’s report is the caller’s own: 404 for a non-member', async () => {
    const answer = await loaded.reports.call('POST', '/reports/-maya/query', owner.token, {
      organization_id: '00000000-0000-4000-8000-000000000000',
      report: '-maya',
      page: 'overview',
      visual_id: 'adhoc',
      visual: CTR_BY_TYPE,
      filters: [],
      date_range: period,
      sort: null,
    });
    expect(answer.status).toBe(404);
  });
});
