// The "Custom tables" report: an uploaded table's rows are a page of a built-in report while the
// table has rows, filterable like any report's, and the AI Builder reads that report's model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeReportState, utcDay } from '@maya/contracts';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { ORDER_COLUMNS, column, customTablesApi, owner, type CustomTablesApi } from './support';

let t: AccountsApp;
let admin: Awaited<ReturnType<typeof owner>>;
let api: CustomTablesApi;

const SLUG = '-custom-tables';
/** Days before the run: inside the page's default date filter (the last ten years). */
const daysAgo = (days: number) => utcDay(new Date(Date.now() - days * 86_400_000));

beforeAll(async () => {
  t = await startAccountsApp();
  admin = await owner(t, 'custom-tables-report@example.com');
  api = customTablesApi(t, admin, admin.organizationId);
});
afterAll(() => t.close());

const on = () => `organization_id=${admin.organizationId}`;
const report = () => call(t.base, 'GET', `/reports/${SLUG}?${on()}`, { token: admin.token });
const listed = async () => {
  const answer = await call(t.base, 'GET', `/reports?${on()}`, { token: admin.token });
  expect(answer.status).toBe(200);
  return (answer.body.reports as { slug: string; name: string; dataset_id: string }[]).map((r) => r.slug);
};
const query = (visualId: string, filters: unknown[] = []) =>
  call(t.base, 'POST', `/reports/${SLUG}/query`, {
    token: admin.token,
    body: {
      organization_id: admin.organizationId,
      report: SLUG,
      page: 'manual_orders',
      visual_id: visualId,
      filters,
      date_range: null,
      sort: null,
    },
  });

const ORDERS = [
  'order_id,user_id,created_at,revenue,channel',
  `o-1,u-1,${daysAgo(3)},10.50,email`,
  `o-2,u-2,${daysAgo(2)},20,tv`,
  `o-3,u-1,${daysAgo(40)},5.25,email`,
].join('\n');

const COLUMNS = [...ORDER_COLUMNS, column('revenue', 'Numeric'), column('channel', 'String')];

describe('the Custom tables report', () => {
  it('is not listed, and not found, while no custom table has rows', async () => {
    expect(await listed()).not.toContain(SLUG);
    expect((await report()).status).toBe(404);
  });

  it('shows an uploaded manual_orders table as a page: its rows, KPIs and filters', async () => {
    const uploaded = await api.upload('manual_orders', `${ORDERS}\n`, { columns: COLUMNS });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(await listed()).toContain(SLUG);

    const opened = await report();
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.report).toMatchObject({ name: 'Custom tables', dataset_id: 'custom_tables' });
    const [page] = opened.body.document.pages;
    expect(page).toMatchObject({ name: 'manual_orders', display_name: 'Manual Orders' });
    expect(page.filters.map((f: { column: string }) => f.column)).toEqual([
      'created_at',
      'order_id',
      'user_id',
      'channel',
    ]);

    const rows = await query('manual_orders-rows');
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    expect(rows.body.rows).toEqual([
      expect.objectContaining({ order_id: 'o-2', user_id: 'u-2', channel: 'tv', revenue: 20 }),
      expect.objectContaining({ order_id: 'o-1', user_id: 'u-1', channel: 'email', revenue: 10.5 }),
      expect.objectContaining({ order_id: 'o-3', user_id: 'u-1', channel: 'email', revenue: 5.25 }),
    ]);
    const count = await query('manual_orders-kpi-0');
    expect(count.body.rows).toEqual([expect.objectContaining({ rows: 3 })]);
    const revenue = await query('manual_orders-kpi-1');
    expect(revenue.body.rows).toEqual([expect.objectContaining({ revenue: 35.75 })]);
  });

  it('filters like any report: a list of values, and the last 30 days', async () => {
    const byUser = await query('manual_orders-rows', [
      {
        id: 'manual_orders-list-1',
        kind: 'list',
        table: 'manual_orders',
        column: 'user_id',
        mode: 'include',
        values: ['u-1'],
      },
    ]);
    expect(byUser.body.rows.map((r: { order_id: string }) => r.order_id)).toEqual(['o-1', 'o-3']);
    const recent = await query('manual_orders-kpi-1', [
      {
        id: 'manual_orders-date',
        kind: 'relative_date',
        table: 'manual_orders',
        column: 'created_at',
        operator: 'in_the_last',
        count: 30,
        unit: 'day',
      },
    ]);
    expect(recent.body.rows).toEqual([expect.objectContaining({ revenue: 30.5 })]);
    const values = await call(
      t.base,
      'GET',
      `/reports/filter-values?${on()}&datasetId=custom_tables&table=manual_orders&column=channel`,
      { token: admin.token },
    );
    expect(values.status, JSON.stringify(values.body)).toBe(200);
    expect(values.body.data).toEqual(['email', 'tv']);
  });

  it('is what the AI Builder reads when asked on it', async () => {
    const answer = await call(t.base, 'POST', `/reports/${SLUG}/generate-bookmark`, {
      token: admin.token,
      body: { organization_id: admin.organizationId, prompt: 'revenue by channel' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.success).toBe(true);
    const state = decodeReportState(answer.body.bookmark.state as string);
    expect(state.page).toBe('manual_orders');
  });

  it('follows the table: a new column shows, a deleted table takes its page and the report away', async () => {
    const columns = COLUMNS.map((c) => (c.alias === 'channel' ? { ...c, alias: 'source' } : c));
    const renamed = await api.updateColumns('manual_orders', columns);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const rows = await query('manual_orders-rows');
    expect(rows.body.rows[0]).toMatchObject({ order_id: 'o-2', source: 'tv' });

    expect((await api.remove('manual_orders')).status).toBe(200);
    expect((await report()).status).toBe(404);
    expect(await listed()).not.toContain(SLUG);
  });
});
