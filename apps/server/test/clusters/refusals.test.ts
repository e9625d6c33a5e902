// What the clusters API refuses, and says so: any change to the demo organization's clusters or
// word groups (everyone shares it), and a save whose column the warehouse would not take (the
// change is kept, the answer says it did not reach the data, and reports do not offer it).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_DAY, writeCampaigns } from '../modelling/raw-campaigns';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { clustersApi, owner, ruleSet, storedColumns } from './support';

let t: AccountsApp;
let admin: Awaited<ReturnType<typeof owner>>;
let demoId: string;

beforeAll(async () => {
  t = await startAccountsApp();
  admin = await owner(t, 'clusters-refusals@example.com');
  const orgs = await call(t.base, 'GET', '/organizations', { token: admin.token });
  const demo = (orgs.body.organizations as { id: string; is_demo: boolean }[]).find((o) => o.is_demo);
  if (!demo) throw new Error('no demo organization');
  demoId = demo.id;
}, 120_000);
afterAll(() => t.close());

describe('the demo organization', () => {
  it('shows its clusters and word groups but refuses every change with 403', async () => {
    const api = clustersApi(t, admin, demoId);
    const category = await api.category('adgroups');
    expect(category.status).toBe(200);
    const groups = await api.wordGroups();
    expect(groups.status).toBe(200);
    const before = await storedColumns(t, demoId);
    const ids = (category.body.columns as { id: string }[]).map((c) => c.id);
    const values = [ruleSet('Search', [{ field: 'campaign_name', operator: 'contains', value: 'Search' }])];
    const refusals = [
      await api.save('adgroups', randomUUID(), { name: 'Mine', values }),
      await api.save('adgroups', ids[0] ?? randomUUID(), { name: 'Renamed', values }),
      await api.remove('adgroups', ids[0] ?? randomUUID()),
      await api.reorder('adgroups', [...ids].reverse()),
      await api.saveWordGroups([{ id: randomUUID(), name: 'Mine', terms: ['a'], excludeTerms: [] }]),
    ];
    for (const refusal of refusals) {
      expect(refusal.status, JSON.stringify(refusal.body)).toBe(403);
      expect(refusal.body.detail).toMatchObject({
        type: 'clusters_demo_read_only',
        message:
          "The demo organization's clusters and word groups are shared by everyone and cannot be changed.",
      });
    }
    expect(await storedColumns(t, demoId)).toEqual(before);
    expect((await api.wordGroups()).body).toEqual(groups.body);
  });
});

describe('a save the warehouse refuses to apply', () => {
  it('is kept, answered 422 with saved: true, and not offered by reports', async () => {
    const api = clustersApi(t, admin, admin.organizationId);
    await writeCampaigns(t.app.modelling, admin.organizationId, [
      { date: FIRST_DAY, id: '1', name: 'DE | Search | Brand', cost: 10, clicks: 4 },
    ]);
    await t.app.modelling.rebuild(admin.organizationId);
    // A money rule whose value the engine cannot hold: checked as a number, refused by DuckDB's
    // DECIMAL when the column is applied.
    const id = randomUUID();
    const values = [ruleSet('Huge', [{ field: 'cost_micros', operator: 'gt', value: `1${'0'.repeat(60)}` }])];
    const answer = await api.save('adgroups', id, { name: 'Too big', values });
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.detail).toMatchObject({
      type: 'cluster_apply_refused',
      saved: true,
      // Refused in both tables that take the adgroups category's columns (decision 430).
      columns: [
        { table: 'marketing_performance', db_name: 'cluster_too_big' },
        { table: 'marketing_costs', db_name: 'cluster_too_big' },
      ],
    });
    expect(answer.body.detail.message).toMatch(/^Saved; the data could not take it/);
    expect((await api.column('adgroups', id)).body).toMatchObject({ name: 'Too big' });
    const model = await t.app.modelling.semanticModel(admin.organizationId, 'marketing');
    for (const table of ['performance', 'costs']) {
      const names = model?.tables.find((t) => t.name === table)?.dimensions.map((d) => d.name);
      expect(names, table).not.toContain('cluster_too_big');
    }
  });
});
