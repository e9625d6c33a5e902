// A saved cluster column reaches the organization's data without any provider being asked: the
// save rebuilds the models from the raw rows already loaded (modelling), the column is a
// dimension of the semantic model under its name, and the -maya report filters by it with
// totals that add up to the unfiltered total. Word-group edits and renames are re-applied too.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_DAY, LAST_DAY, visualQuery, writeCampaigns } from '../modelling/raw-campaigns';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { expense, expensesApi, newId } from '../expenses/support';
import { clustersApi, createdColumn, owner, ruleSet, type ClustersApi } from './support';

let t: AccountsApp;
let admin: Awaited<ReturnType<typeof owner>>;
let api: ClustersApi;
const shoes = { id: randomUUID(), name: 'Shoes', terms: ['shoes'], excludeTerms: ['kids'] };
const brand = { id: 'b4a7d000-0000-4000-8000-000000000001', name: 'Brand', terms: [], excludeTerms: [] };

beforeAll(async () => {
  t = await startAccountsApp();
  admin = await owner(t, 'clusters-reports@example.com');
  api = clustersApi(t, admin, admin.organizationId);
  await writeCampaigns(t.app.modelling, admin.organizationId, [
    { date: FIRST_DAY, id: '1', name: 'Brand - exact', cost: 10, clicks: 4 },
    { date: FIRST_DAY, id: '2', name: 'Generic shoes', cost: 20, clicks: 5 },
    { date: LAST_DAY, id: '1', name: 'Brand - exact', cost: 30, clicks: 6 },
    { date: LAST_DAY, id: '3', name: 'Kids shoes', cost: 40, clicks: 7 },
    { date: LAST_DAY, id: '4', name: 'Competitors', cost: 50, clicks: 1 },
  ]);
  expect((await api.saveWordGroups([brand, shoes])).status).toBe(200);
}, 120_000);
afterAll(() => t.close());

/** Spend per campaign of the -maya campaigns table over both days, with these filters. */
async function spendByCampaign(filters: unknown[] = []): Promise<Record<string, number>> {
  const answer = await call(t.base, 'POST', '/reports/-maya/query', {
    token: admin.token,
    body: visualQuery(admin.organizationId, '-maya', 'campaigns', filters),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return Object.fromEntries(
    (answer.body.rows as Record<string, unknown>[]).map((row) => [String(row.campaign), Number(row.spend)]),
  );
}

const only = (column: string, values: (string | null)[]) => ({
  id: column,
  kind: 'list',
  table: 'performance',
  column,
  mode: 'include',
  values,
});
const total = (spend: Record<string, number>) => Object.values(spend).reduce((sum, value) => sum + value, 0);

describe('a saved column in reports', () => {
  it('is a dimension reports filter by once saved, the values adding up to the total', async () => {
    const column = await createdColumn(api, 'adgroups', 'Theme', [
      ruleSet('Brand', [{ field: 'campaign_name', operator: 'starts_with', value: 'brand' }]),
      ruleSet('Shoes', [{ field: 'campaign_name', operator: 'matches_wordgroup', value: shoes.id }]),
    ]);
    const model = await t.app.modelling.semanticModel(admin.organizationId, 'marketing');
    const dimension = model?.tables
      .find((table) => table.name === 'performance')
      ?.dimensions.find((d) => d.name === column.db_name);
    expect(dimension).toMatchObject({ name: 'cluster_theme', label: 'Theme', type: 'string' });
    // The report offers it in its filters pane, on all pages, without being edited.
    const report = await call(t.base, 'GET', `/reports/-maya?organization_id=${admin.organizationId}`, {
      token: admin.token,
    });
    expect(report.status).toBe(200);
    expect(report.body.document.filters).toContainEqual(only(column.db_name, []));
    expect(report.body.labels).toEqual({ [column.db_name]: 'Theme' });

    const all = await spendByCampaign();
    const brandSpend = await spendByCampaign([only(column.db_name, ['Brand'])]);
    const shoesSpend = await spendByCampaign([only(column.db_name, ['Shoes'])]);
    const none = await spendByCampaign([only(column.db_name, [null])]);
    expect(brandSpend).toEqual({ 'Brand - exact': 40 });
    // 'Kids shoes' holds an exclude term of the word group.
    expect(shoesSpend).toEqual({ 'Generic shoes': 20 });
    expect(none).toEqual({ 'Kids shoes': 40, Competitors: 50 });
    expect(total(brandSpend) + total(shoesSpend) + total(none)).toBe(total(all));
  });

  it("narrows -maya's marketing cost as it narrows the spend; expenses belong to no cluster", async () => {
    const [theme] = (await api.category('adgroups')).body.columns.filter(
      (c: { name: string }) => c.name === 'Theme',
    );
    const expenses = expensesApi(t, admin, admin.organizationId);
    const id = newId();
    expect((await expenses.save(id, expense({ payment_date: LAST_DAY, amount: 1234 }))).status).toBe(200);
    const kpi = async (measure: string, filters: unknown[]) => {
      const answer = await call(t.base, 'POST', '/reports/-maya/query', {
        token: admin.token,
        body: visualQuery(admin.organizationId, '-maya', `kpi-${measure}`, filters),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return Number(answer.body.rows[0]?.[measure]);
    };
    expect(await kpi('marketing_cost', [])).toBeCloseTo(150 + 12.34, 9);
    const brandOnly = [only(theme.db_name, ['Brand'])];
    expect(await kpi('spend', brandOnly)).toBe(40);
    expect(await kpi('marketing_cost', brandOnly)).toBeCloseTo(40, 9);
    // The expense has no campaign: like a campaign no rule matched, it reads "(none)".
    expect(await kpi('marketing_cost', [only(theme.db_name, [null])])).toBeCloseTo(90 + 12.34, 9);
    expect((await expenses.remove(id)).status).toBe(200);
  });

  it('follows a word-group edit and a rename without a reload from the providers', async () => {
    expect((await api.saveWordGroups([brand, { ...shoes, excludeTerms: [] }])).status).toBe(200);
    const [theme] = (await api.category('adgroups')).body.columns.filter(
      (c: { name: string }) => c.name === 'Theme',
    );
    expect(await spendByCampaign([only(theme.db_name, ['Shoes'])])).toEqual({
      'Generic shoes': 20,
      'Kids shoes': 40,
    });

    const renamed = await api.save('adgroups', theme.id, { name: 'Topic', values: theme.values });
    expect(renamed.status).toBe(200);
    const model = await t.app.modelling.semanticModel(admin.organizationId, 'marketing');
    const labels = model?.tables
      .find((table) => table.name === 'performance')
      ?.dimensions.map((d) => d.label);
    expect(labels).toContain('Topic');
    expect(labels).not.toContain('Theme');
  });

  it('is gone from reports once deleted', async () => {
    const [topic] = (await api.category('adgroups')).body.columns.filter(
      (c: { name: string }) => c.name === 'Topic',
    );
    expect((await api.remove('adgroups', topic.id)).status).toBe(200);
    const model = await t.app.modelling.semanticModel(admin.organizationId, 'marketing');
    const names = model?.tables.find((table) => table.name === 'performance')?.dimensions.map((d) => d.name);
    expect(names).not.toContain(topic.db_name);
    const report = await call(t.base, 'GET', `/reports/-maya?organization_id=${admin.organizationId}`, {
      token: admin.token,
    });
    expect(report.body.document.filters.map((f: { column: string }) => f.column)).not.toContain(
      topic.db_name,
    );
  });
});
