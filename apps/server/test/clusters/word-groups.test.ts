// Word groups (spec 001 §2 clusters/word-groups, §3, §5, §7): the whole list saved at once, names
// unique whatever their case ('Duplicate Name'), 'Word group #n' for an empty name, terms cleaned,
// the protected 'Brand' group, and deleting groups rules read: refused with the spec's warning
// unless confirmed, then those rules go too.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsApp } from '../support/accounts';
import { clustersApi, createdColumn, owner, ruleSet, storedColumns, type ClustersApi } from './support';

let t: AccountsApp;
let admin: Awaited<ReturnType<typeof owner>>;
let api: ClustersApi;

beforeAll(async () => {
  t = await startAccountsApp();
  admin = await owner(t, 'clusters-wordgroups@example.com');
  api = clustersApi(t, admin, admin.organizationId);
});
afterAll(() => t.close());

const BRAND = 'b4a7d000-0000-4000-8000-000000000001';
type Group = { id: string; name: string; terms: string[]; excludeTerms: string[] };
const group = (name: string, terms: string[] = [], excludeTerms: string[] = []): Group => ({
  id: randomUUID(),
  name,
  terms,
  excludeTerms,
});
const brand = (terms: string[] = []): Group => ({ id: BRAND, name: 'Brand', terms, excludeTerms: [] });

describe('word groups', () => {
  it('start with the protected Brand group, which the fixed Is Brand columns read', async () => {
    const answer = await api.wordGroups();
    expect(answer.status).toBe(200);
    expect(answer.body.wordgroups).toEqual([
      {
        id: BRAND,
        name: 'Brand',
        deletion_protection: true,
        has_references: true,
        terms: [],
        excludeTerms: [],
      },
    ]);
  });

  it('saves the list: terms trimmed, blanks and repeats dropped; empty names numbered', async () => {
    const shoes = group('Shoes', [' sneakers ', 'Boots', '', 'boots', 'sneakers'], ['kids\t'.trim()]);
    const unnamed = group('   ', ['a']);
    const answer = await api.saveWordGroups([brand(['acme', 'Acme Corp']), shoes, unnamed]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.wordgroups).toMatchObject([
      { id: BRAND, name: 'Brand', terms: ['acme', 'Acme Corp'], deletion_protection: true },
      {
        id: shoes.id,
        name: 'Shoes',
        terms: ['sneakers', 'Boots'],
        excludeTerms: ['kids'],
        has_references: false,
      },
      { id: unnamed.id, name: 'Word group #3', terms: ['a'] },
    ]);
    expect((await api.wordGroups()).body.wordgroups).toEqual(answer.body.wordgroups);
  });

  it("skips a taken 'Word group #n'", async () => {
    const taken = group('word group #2');
    const unnamed = group('');
    const answer = await api.saveWordGroups([brand(), unnamed, taken]);
    expect(answer.status).toBe(200);
    expect(answer.body.wordgroups.map((g: Group) => g.name)).toEqual([
      'Brand',
      'Word group #3',
      'word group #2',
    ]);
  });

  it("refuses names equal whatever their case: 'Duplicate Name', nothing saved", async () => {
    const before = (await api.wordGroups()).body;
    const answer = await api.saveWordGroups([brand(), group('Shoes'), group(' SHOES ')]);
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toEqual([
      { loc: ['body', 'wordgroups', 2, 'name'], msg: 'Duplicate Name', type: 'duplicate_name' },
    ]);
    expect((await api.wordGroups()).body).toEqual(before);
  });

  it('never deletes the protected group', async () => {
    const answer = await api.saveWordGroups([], { delete_references: true });
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toMatchObject({
      type: 'wordgroup_protected',
      wordgroups: [{ id: BRAND, name: 'Brand' }],
    });
  });

  it('asks before deleting a group rules read, then deletes those rules with it', async () => {
    const colours = group('Colours', ['red', 'blue']);
    expect((await api.saveWordGroups([brand(), colours])).status).toBe(200);
    const column = await createdColumn(api, 'adgroups', 'Colour', [
      ruleSet('Coloured', [
        { field: 'ad_group_name', operator: 'matches_wordgroup', value: colours.id },
        { field: 'campaign_name', operator: 'contains', value: 'summer', condition: 'or' },
      ]),
      ruleSet('Plain', [{ field: 'campaign_name', operator: 'not_matches_wordgroup', value: colours.id }]),
    ]);
    expect((await api.wordGroups()).body.wordgroups[1]).toMatchObject({
      id: colours.id,
      has_references: true,
    });

    const before = await storedColumns(t, admin.organizationId);
    const refused = await api.saveWordGroups([brand()]);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toEqual({
      type: 'wordgroup_referenced',
      message: 'References to this wordgroup will be deleted. Are you sure you want to delete it?',
      wordgroups: [{ id: colours.id, name: 'Colours' }],
    });
    expect(await storedColumns(t, admin.organizationId)).toEqual(before);
    expect((await api.wordGroups()).body.wordgroups).toHaveLength(2);

    const confirmed = await api.saveWordGroups([brand()], { delete_references: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.wordgroups.map((g: Group) => g.id)).toEqual([BRAND]);
    const saved = await api.column('adgroups', column.id);
    // The rule that read it is gone; the next rule is now first and loses its condition.
    expect(saved.body.values).toEqual([
      {
        id: expect.any(String),
        name: 'Coloured',
        rules: [{ field: 'campaign_name', operator: 'contains', value: 'summer' }],
      },
      { id: expect.any(String), name: 'Plain', rules: [] },
    ]);
  });

  it('refuses a list naming one group twice, and terms beyond their length', async () => {
    const twice = group('Twice');
    const answer = await api.saveWordGroups([brand(), twice, { ...twice, name: 'Again' }]);
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0].loc).toEqual(['body', 'wordgroups', 2, 'id']);
    const long = await api.saveWordGroups([brand(['x'.repeat(201)])]);
    expect(long.status).toBe(422);
    expect(long.body.detail[0].loc).toEqual(['body', 'wordgroups', 0, 'terms', 0]);
  });
});
