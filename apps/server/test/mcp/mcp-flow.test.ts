// The assistant's whole journey with the MCP SDK's own client, over an organization with loaded
// data: OAuth (registration, the selection screens, PKCE), the tools, a report query that answers
// what the report endpoint answers, SQL, and a bookmark that the product lists.
import { CANONICAL_MODELS } from '@maya/analytics';
import { describe, expect, it } from 'vitest';
import { call } from '../support/accounts';
import { givePlan } from '../support/billing';
import { ownerQuery } from '../support/sources';
import { loadedOrganization } from '../reports/loaded-organization';
import { answerOf, authorizeAssistant } from './support';

const NOW = new Date();
const { loaded, sql } = loadedOrganization('mcp-flow@example.com', NOW);

describe('an assistant authorized through the selection screens', () => {
  it('lists the tools, queries the report engine and SQL, and saves a bookmark', async () => {
    const { t, owner, period } = loaded;
    // SQL is the plan's database access (decision 623): a plan that has it.
    await givePlan(t, owner.organizationId, 'growth');
    const { client } = await authorizeAssistant(t, owner, owner.organizationId);

    const tools = (await client.listTools()).tools.map((tool) => tool.name).sort();
    expect(tools).toEqual([
      'create_bookmark',
      'describe_semantic_model',
      'list_bookmarks',
      'list_tables',
      'run_report_query',
      'run_sql',
    ]);

    const tables = answerOf(await client.callTool({ name: 'list_tables', arguments: {} }));
    const performance = (
      tables.data as { tables: { name: string; columns: { name: string; description: string }[] }[] }
    ).tables.find((table) => table.name === 'marketing_performance');
    // Each column with the canonical model's own description.
    const canonical = CANONICAL_MODELS.find((m) => m.name === 'marketing_performance');
    const clicksColumn = canonical?.columns.find((c) => c.name === 'clicks');
    expect(clicksColumn?.description).toMatch(/\w/);
    expect(performance?.columns.find((c) => c.name === 'clicks')?.description).toBe(
      clicksColumn?.description,
    );

    const model = answerOf(await client.callTool({ name: 'describe_semantic_model', arguments: {} }));
    expect(JSON.stringify(model.data)).toContain('"name":"ctr"');

    const fields = {
      table: 'performance',
      measures: ['clicks', 'impressions', 'ctr'],
      dimensions: ['campaign_type'],
    };
    const viaMcp = answerOf(
      await client.callTool({
        name: 'run_report_query',
        arguments: { report: '-maya', ...fields, filters: [], date_range: period },
      }),
    );
    expect(viaMcp.isError, viaMcp.text).toBe(false);
    const viaApi = await call(t.base, 'POST', '/reports/-maya/query', {
      token: owner.token,
      body: {
        organization_id: owner.organizationId,
        report: '-maya',
        page: 'overview',
        visual_id: 'mcp_query',
        filters: [],
        date_range: period,
        sort: null,
        visual: {
          id: 'mcp_query',
          title: null,
          table: fields.table,
          layout: { x: 0, y: 0, w: 12, h: 6 },
          kind: 'table',
          dimensions: fields.dimensions.map((name) => ({ name, grain: null })),
          measures: fields.measures,
          sort: [],
          limit: 200,
          totals: false,
        },
      },
    });
    expect(viaApi.status, JSON.stringify(viaApi.body)).toBe(200);
    const rows = (viaMcp.data as { rows: Record<string, unknown>[] }).rows;
    expect(rows.length).toBeGreaterThan(1);
    expect(rows).toEqual(viaApi.body.rows);
    // And what the warehouse holds, in plain SQL.
    const [clicks] = await sql(
      'SELECT sum(clicks) AS clicks FROM analytics.marketing_performance WHERE date BETWEEN $1 AND $2',
      [period.from, period.to],
    );
    expect(rows.reduce((sum, row) => sum + Number(row.clicks), 0)).toBe(Number(clicks!.clicks));

    const counted = answerOf(
      await client.callTool({
        name: 'run_sql',
        arguments: { sql: 'SELECT count(*) AS n FROM analytics.marketing_performance' },
      }),
    );
    const [direct] = await sql('SELECT count(*) AS n FROM analytics.marketing_performance');
    expect((counted.data as { rows: { n: unknown }[] }).rows[0]!.n).toEqual(direct!.n);
    const limited = answerOf(
      await client.callTool({
        name: 'run_sql',
        arguments: { sql: 'SELECT * FROM analytics.marketing_performance', limit: 5 },
      }),
    );
    expect(limited.data).toMatchObject({ truncated: true });
    expect((limited.data as { rows: unknown[] }).rows).toHaveLength(5);

    const state = { version: 1, page: 'overview', filters: [], slicers: [], sort: [] };
    const created = answerOf(
      await client.callTool({
        name: 'create_bookmark',
        arguments: { report_slug: '-maya', name: 'Clicks by campaign type', state },
      }),
    );
    expect(created.isError, created.text).toBe(false);
    const bookmark = created.data as { id: string; link: string };
    // Under the organization, as every dashboard route of the app is (the browser opens it: e2e).
    expect(bookmark.link).toMatch(
      new RegExp(`^${t.base}/organization/[a-z0-9-]+/dashboard/-maya/bookmarks/[^/]+$`),
    );
    const listed = await call(
      t.base,
      'GET',
      `/bookmarks?organization_id=${owner.organizationId}&report_slug=-maya`,
      {
        token: owner.token,
      },
    );
    expect(listed.body.bookmarks.map((b: { id: string }) => b.id)).toContain(bookmark.id);
    const viaTool = answerOf(
      await client.callTool({ name: 'list_bookmarks', arguments: { report_slug: '-maya' } }),
    );
    expect((viaTool.data as { bookmarks: { link: string }[] }).bookmarks.map((b) => b.link)).toContain(
      bookmark.link,
    );

    const audit = await ownerQuery<{ tool: string; rows: number | null; user_id: string }>(
      t,
      owner.organizationId,
      'SELECT tool, rows, user_id FROM assistant_calls ORDER BY created_at',
      [],
    );
    expect(audit.map((row) => row.tool)).toEqual([
      'list_tables',
      'describe_semantic_model',
      'run_report_query',
      'run_sql',
      'run_sql',
      'create_bookmark',
      'list_bookmarks',
    ]);
    expect(audit[2]).toEqual({ tool: 'run_report_query', rows: rows.length, user_id: owner.userId });
    expect(audit[4]!.rows).toBe(5);
    await client.close();
  }, 120_000);
});
