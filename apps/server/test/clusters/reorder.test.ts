// Reordering a category's columns (spec 001 §4 Column reorder, §6, §8): the new order is saved
// whole; fixed columns keep their place; no column moves above a column it reads
// (invalid_field_reference, with both names); a failure half-way keeps the old order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsApp } from '../support/accounts';
import { ownerQuery } from '../support/sources';
import {
  clustersApi,
  columnNames,
  createdColumn,
  owner,
  ruleSet,
  storedColumns,
  type ClustersApi,
} from './support';

let t: AccountsApp;
let admin: Awaited<ReturnType<typeof owner>>;
let api: ClustersApi;

beforeAll(async () => {
  t = await startAccountsApp();
  admin = await owner(t, 'clusters-reorder@example.com');
  api = clustersApi(t, admin, admin.organizationId);
});
afterAll(() => t.close());

const IS_BRAND = 'b4a7d000-0000-4000-8000-000000000101';
const ids = async (category: string) =>
  ((await api.category(category)).body.columns as { id: string }[]).map((column) => column.id);

describe('reorder', () => {
  it('saves the new order and answers the category', async () => {
    const a = await createdColumn(api, 'urls', 'A');
    const b = await createdColumn(api, 'urls', 'B');
    const c = await createdColumn(api, 'urls', 'C');
    const answer = await api.reorder('urls', [c.id, a.id, b.id]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.columns.map((column: { name: string }) => column.name)).toEqual(['C', 'A', 'B']);
    expect(answer.body.columns.map((column: { position: number }) => column.position)).toEqual([0, 1, 2]);
    expect(await columnNames(api, 'urls')).toEqual(['C', 'A', 'B']);
  });

  it("refuses to move a column above a column it reads: 'Can't move column '{a}' above column '{b}''", async () => {
    const source = await createdColumn(api, 'conversions', 'Goal');
    const reader = await createdColumn(api, 'conversions', 'Goal group', [
      ruleSet('Sales', [{ field: source.db_name, operator: 'equals', value: 'Purchase' }]),
    ]);
    const answer = await api.reorder('conversions', [reader.id, source.id]);
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toEqual({
      type: 'invalid_field_reference',
      message: "Error: Can't move column 'Goal group' above column 'Goal'",
      column: { id: reader.id, name: 'Goal group' },
      referenced_column: { id: source.id, name: 'Goal' },
    });
    expect(await columnNames(api, 'conversions')).toEqual(['Goal', 'Goal group']);
  });

  it('keeps a fixed column in its place', async () => {
    const other = await createdColumn(api, 'keywords', 'Theme');
    const answer = await api.reorder('keywords', [other.id, IS_BRAND]);
    expect(answer.status).toBe(422);
    expect(answer.body.detail.type).toBe('cluster_column_not_movable');
    expect(await ids('keywords')).toEqual([IS_BRAND, other.id]);
  });

  it('refuses an order that leaves out, repeats or adds a column', async () => {
    const current = await ids('urls');
    const [first = '', second = '', third = ''] = current;
    for (const order of [
      [first, second],
      [first, second, second],
      [first, second, third, 'b4a7d000-0000-4000-8000-000000000101'],
    ]) {
      const answer = await api.reorder('urls', order);
      expect(answer.status).toBe(422);
      expect(answer.body.detail.type).toBe('cluster_reorder_mismatch');
    }
    expect(await ids('urls')).toEqual(current);
  });

  it('keeps the old order when the database fails half-way through', async () => {
    const before = await storedColumns(t, admin.organizationId);
    const current = await ids('urls');
    const [first = '', second = '', third = ''] = current;
    // The third update fails (a real error raised by PostgreSQL), after two have been written.
    await ownerQuery(
      t,
      admin.organizationId,
      `
      create function clusters_test_refuse() returns trigger language plpgsql as $$
      begin
        if new.id = '${first}' and new.position <> old.position then raise exception 'disk full'; end if;
        return new;
      end $$;
      create trigger clusters_test_refuse before update on cluster_columns
        for each row execute function clusters_test_refuse();`,
      [],
    );
    try {
      const answer = await api.reorder('urls', [second, third, first]);
      expect(answer.status).toBe(500);
    } finally {
      await ownerQuery(
        t,
        admin.organizationId,
        `
        drop trigger clusters_test_refuse on cluster_columns;
        drop function clusters_test_refuse();`,
        [],
      );
    }
    expect(await storedColumns(t, admin.organizationId)).toEqual(before);
    expect(await ids('urls')).toEqual(current);
    // And the same order goes through once the database does.
    expect((await api.reorder('urls', [second, third, first])).status).toBe(200);
  });
});
