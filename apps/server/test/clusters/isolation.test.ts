// Tenant isolation of clusters and word groups: another organization's column and word-group ids
// name nothing (404, and a save makes the caller's own column), a non-member is answered 404,
// and the new tables carry a forced row-level security policy.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsApp } from '../support/accounts';
import { ownerQuery } from '../support/sources';
import { clustersApi, createdColumn, owner, ruleSet, storedColumns, type ClustersApi } from './support';

let t: AccountsApp;
let alice: Awaited<ReturnType<typeof owner>>;
let mallory: Awaited<ReturnType<typeof owner>>;
let aliceApi: ClustersApi;
let malloryApi: ClustersApi;

beforeAll(async () => {
  t = await startAccountsApp();
  alice = await owner(t, 'clusters-alice@example.com');
  mallory = await owner(t, 'clusters-mallory@example.com');
  aliceApi = clustersApi(t, alice, alice.organizationId);
  malloryApi = clustersApi(t, mallory, mallory.organizationId);
});
afterAll(() => t.close());

describe('isolation', () => {
  it("another organization's column is not found, not deleted, not overwritten", async () => {
    const secret = await createdColumn(aliceApi, 'urls', 'Secret', [
      ruleSet('S', [{ field: 'url', operator: 'contains', value: 'secret' }]),
    ]);
    const before = await storedColumns(t, alice.organizationId);
    expect((await malloryApi.column('urls', secret.id)).status).toBe(404);
    expect((await malloryApi.remove('urls', secret.id)).status).toBe(404);
    // The same id in Mallory's organization is a column of Mallory's own.
    const own = await malloryApi.save('urls', secret.id, { name: 'Mine', values: [] });
    expect(own.status).toBe(200);
    expect(await storedColumns(t, alice.organizationId)).toEqual(before);
    expect((await aliceApi.column('urls', secret.id)).body.name).toBe('Secret');
    expect((await malloryApi.category('urls')).body.columns.map((c: { name: string }) => c.name)).toEqual([
      'Mine',
    ]);
  });

  it("a word-group save never touches another organization's groups, and a rule cannot read them", async () => {
    const aliceGroup = { id: randomUUID(), name: 'Private', terms: ['x'], excludeTerms: [] };
    const brand = { id: 'b4a7d000-0000-4000-8000-000000000001', name: 'Brand', terms: [], excludeTerms: [] };
    expect((await aliceApi.saveWordGroups([brand, aliceGroup])).status).toBe(200);
    const borrowed = await malloryApi.save('adgroups', randomUUID(), {
      name: 'Borrowed',
      values: [
        ruleSet('x', [{ field: 'campaign_name', operator: 'matches_wordgroup', value: aliceGroup.id }]),
      ],
    });
    expect(borrowed.status).toBe(422);
    expect(borrowed.body.detail[0].type).toBe('unknown_wordgroup');
    expect((await malloryApi.saveWordGroups([brand])).status).toBe(200);
    expect((await aliceApi.wordGroups()).body.wordgroups.map((g: { name: string }) => g.name)).toEqual([
      'Brand',
      'Private',
    ]);
  });

  it('answers a non-member 404 on every route, as for an organization that does not exist', async () => {
    const intruder = clustersApi(t, mallory, alice.organizationId);
    const column = { id: randomUUID(), name: 'x', values: [] };
    for (const answer of [
      await intruder.categories(),
      await intruder.category('urls'),
      await intruder.column('urls', randomUUID()),
      await intruder.save('urls', randomUUID(), { name: 'x', values: [] }),
      await intruder.remove('urls', randomUUID()),
      await intruder.reorder('urls', []),
      await intruder.preview('urls', { column }),
      await intruder.previewValue('urls', { column, value: 'x' }),
      await intruder.sql('urls', column),
      await intruder.coverage('urls', column),
      await intruder.wordGroups(),
      await intruder.saveWordGroups([]),
    ]) {
      expect(answer.status).toBe(404);
    }
  });

  it('forces row-level security on the new tables', async () => {
    const rows = await ownerQuery<{ relname: string; forced: boolean; enabled: boolean }>(
      t,
      alice.organizationId,
      `select relname, relforcerowsecurity as forced, relrowsecurity as enabled from pg_class
        where relname in ('cluster_columns', 'word_groups') order by relname`,
      [],
    );
    expect(rows).toEqual([
      { relname: 'cluster_columns', forced: true, enabled: true },
      { relname: 'word_groups', forced: true, enabled: true },
    ]);
  });
});
