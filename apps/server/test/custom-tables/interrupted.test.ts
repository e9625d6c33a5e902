// An upload whose process died half-way (a crash, a restart) leaves its staged rows in the
// warehouse and its progress at "receiving". Once it has been silent past the limit, the next
// look at the custom tables (the sources list, a progress poll, an upload) marks it failed and
// drops what it staged, and the empty table a first upload had created; the live table and an
// upload still running are left alone.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withOrganization } from '../../src/platform/db/tenant';
import { startAccountsApp, type AccountsApp } from '../support/accounts';
import { ORDER_COLUMNS, customTablesApi, owner, warehouseRows, type CustomTablesApi } from './support';

let t: AccountsApp;
let admin: Awaited<ReturnType<typeof owner>>;
let api: CustomTablesApi;

beforeAll(async () => {
  t = await startAccountsApp();
  admin = await owner(t, 'custom-tables-interrupted@example.com');
  api = customTablesApi(t, admin, admin.organizationId);
});
afterAll(() => t.close());

const STRING = { type: 'string' as const, nullable: true };

/** What a process that died while loading `table` leaves: its staged twin with the rows so far. */
async function leftBehind(table: string, options: { live: boolean }) {
  await t.app.modelling.withWarehouse(admin.organizationId, async (warehouse) => {
    await warehouse.ensureSchema('raw');
    const columns = [
      { name: 'user_id', ...STRING },
      { name: '_line', type: 'bigint' as const, nullable: false },
    ];
    const schema = { name: table, columns, primaryKey: ['_line'] };
    if (options.live) await warehouse.createTable('raw', schema);
    await warehouse.createTable('raw', { ...schema, name: `${table}__staged` });
    await warehouse.loadBatch(
      'raw',
      `${table}__staged`,
      (async function* () {
        yield [
          { user_id: 'half', _line: 2 },
          { user_id: 'way', _line: 3 },
        ];
      })(),
    );
  });
}

/** An upload's progress row, last heard of `minutes` ago. */
async function progressRow(tableId: string, phase: string, minutes: number): Promise<string> {
  const id = randomUUID();
  await withOrganization(t.app.platform.database.db, admin.organizationId, (tx) =>
    tx.execute(sql`INSERT INTO custom_table_uploads (organization_id, id, table_id, phase, updated_at)
      VALUES (${admin.organizationId}, ${id}, ${tableId}, ${phase}, now() - make_interval(mins => ${minutes}))`),
  );
  return id;
}

const rawTables = () =>
  t.app.modelling.withWarehouse(admin.organizationId, (warehouse) => warehouse.listTables('raw'));

describe('an upload cut off by its process’s end', () => {
  it('is marked failed and its staged rows dropped; the live table keeps its rows', async () => {
    const good = await api.upload('manual_orders', 'order_id,user_id,created_at\no-1,u-1,2024-03-01\n', {
      columns: ORDER_COLUMNS,
    });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    const live = await warehouseRows(t, admin.organizationId, 'custom__manual_orders');
    await leftBehind('custom__manual_orders', { live: false });
    expect(await rawTables()).toContain('custom__manual_orders__staged');
    const uploadId = await progressRow('manual_orders', 'receiving', 10);

    const poll = await api.progress('manual_orders', uploadId);
    expect(poll.status).toBe(200);
    expect(poll.body.phase).toBe('failed');
    expect(await rawTables()).not.toContain('custom__manual_orders__staged');
    expect(await warehouseRows(t, admin.organizationId, 'custom__manual_orders')).toEqual(live);
  });

  it('of a first upload: the staged rows and the empty table it created go, on the sources list', async () => {
    await leftBehind('custom__manual_users', { live: true });
    const uploadId = await progressRow('manual_users', 'loading', 6);
    const listed = await api.list();
    expect(listed.status).toBe(200);
    expect(listed.body.tables.map((table: { table_id: string }) => table.table_id)).toEqual([
      'manual_orders',
    ]);
    expect((await api.progress('manual_users', uploadId)).body.phase).toBe('failed');
    const tables = await rawTables();
    expect(tables.filter((name) => name.includes('manual_users'))).toEqual([]);
  });

  it('leaves alone an upload heard from recently, and one of its table still running', async () => {
    await leftBehind('custom__manual_search_term', { live: true });
    const running = await progressRow('manual_search_term', 'receiving', 1);
    const stale = await progressRow('manual_search_term', 'receiving', 30);
    expect((await api.list()).status).toBe(200);
    expect((await api.progress('manual_search_term', running)).body.phase).toBe('receiving');
    // The stale one is failed, but its table's staged rows may be the running upload's: kept.
    expect((await api.progress('manual_search_term', stale)).body.phase).toBe('failed');
    expect(await rawTables()).toEqual(
      expect.arrayContaining(['custom__manual_search_term', 'custom__manual_search_term__staged']),
    );
  });
});
