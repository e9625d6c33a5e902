// Sharing the dataset of an organization whose destination is PostgreSQL gives the person a
// read-only login of their own on it; unsharing drops it at once, open sessions included. Against
// a real database of the embedded test server, reached as the destination's own role.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { givePlan } from '../support/billing';
import { createDestinationDatabase, postgresBody, type DestinationDatabase } from '../destinations/support';
import { owner } from '../notifications/support';

let t: AccountsApp;
let acme: Awaited<ReturnType<typeof owner>>;
let destination: DestinationDatabase;

const ANALYST = 'analyst@pg-share.example';
const sharePath = (organizationId: string) => `/organizations/${organizationId}/shared-dataset`;

async function useDestination(who: typeof acme, database: DestinationDatabase) {
  await givePlan(t, who.organizationId, 'growth');
  const saved = await call(t.base, 'PUT', '/destinations/organization', {
    token: who.token,
    body: postgresBody(database, who.organizationId),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

async function seed(organizationId: string, table: string, clicks: number[]) {
  await t.app.modelling.withWarehouse(organizationId, async (warehouse) => {
    await warehouse.ensureSchema('analytics');
    await warehouse.createTable('analytics', {
      name: table,
      columns: [
        { name: 'id', type: 'integer', nullable: false },
        { name: 'clicks', type: 'integer', nullable: false },
      ],
      primaryKey: ['id'],
    });
    await warehouse.loadBatch('analytics', table, [clicks.map((n, i) => ({ id: i + 1, clicks: n }))]);
  });
}

/** The login the mail gives: `user <role>, password <password>`. */
function loginOf(text: string) {
  const match = /user (maya_ro_[0-9a-f]+), password ([A-Za-z0-9_-]+)/.exec(text.replace(/\s+/g, ' '));
  expect(match, text).not.toBeNull();
  return { user: match![1]!, password: match![2]! };
}

const connectAs = async (login: { user: string; password: string }) => {
  const client = new pg.Client({
    host: destination.host,
    port: Number(destination.port),
    database: destination.database,
    ...login,
  });
  client.on('error', () => undefined); // the server ends the session when the login is dropped
  await client.connect();
  return client;
};

const roleExists = async (role: string) =>
  (await t.app.platform.database.pool.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])).rowCount ===
  1;

beforeAll(async () => {
  t = await startAccountsApp();
  acme = await owner(t, 'owner@acme-pg-share.example');
  destination = await createDestinationDatabase('maya_dest_readers', 'destination-secret-7c21', {
    createRole: true,
  });
  await useDestination(acme, destination);
  await seed(acme.organizationId, 'probe', [3, 4, 5]);
}, 120_000);
afterAll(() => t?.close());

describe('a PostgreSQL destination', () => {
  it('gives the person a read-only login by mail, which reads every table, now and later, and writes nothing', async () => {
    const since = t.smtp.messages.length;
    const shared = await call(t.base, 'POST', sharePath(acme.organizationId), {
      token: acme.token,
      body: { email: ANALYST },
    });
    expect(shared.body).toEqual({ success: true, message: `Dataset shared with ${ANALYST}` });
    const mail = await t.smtp.next(ANALYST, /is shared with you/, since);
    const login = loginOf(mail.text);
    expect(mail.text).toContain(`/api/organizations/${acme.organizationId}/shared-dataset/sql`);

    const reader = await connectAs(login);
    try {
      const sum = await reader.query('SELECT sum(clicks)::int AS n FROM analytics.probe');
      expect(sum.rows).toEqual([{ n: 12 }]);
      for (const write of [
        'INSERT INTO analytics.probe VALUES (9, 9)',
        'UPDATE analytics.probe SET clicks = 0',
        'DELETE FROM analytics.probe',
        'CREATE TABLE analytics.mine (x int)',
        'DROP TABLE analytics.probe',
      ]) {
        await expect(reader.query(write), write).rejects.toThrow(/permission denied|must be owner/);
      }
      // A table the loads make after the share is readable too (default privileges).
      await seed(acme.organizationId, 'later', [7]);
      expect((await reader.query('SELECT clicks FROM analytics.later')).rows).toEqual([{ clicks: 7 }]);
    } finally {
      await reader.end().catch(() => undefined);
    }
    const after = await t.app.modelling.withWarehouse(acme.organizationId, (w) =>
      w.query('SELECT sum(clicks)::int AS n FROM analytics.probe', [], { timeoutMs: 10_000 }),
    );
    expect(after.rows).toEqual([{ n: 12 }]);
  });

  it('drops the login at once when unshared: the open session ends and a new one is refused', async () => {
    const email = 'leaver@pg-share.example';
    const since = t.smtp.messages.length;
    await call(t.base, 'POST', sharePath(acme.organizationId), { token: acme.token, body: { email } });
    const login = loginOf((await t.smtp.next(email, /is shared with you/, since)).text);
    const open = await connectAs(login);
    expect((await open.query('SELECT count(*)::int AS n FROM analytics.probe')).rows).toEqual([{ n: 3 }]);

    const removed = await call(
      t.base,
      'DELETE',
      `${sharePath(acme.organizationId)}?email=${encodeURIComponent(email)}`,
      {
        token: acme.token,
      },
    );
    expect(removed.status).toBe(204);
    await expect(open.query('SELECT count(*) FROM analytics.probe')).rejects.toThrow();
    await expect(connectAs(login)).rejects.toThrow(/password authentication failed|does not exist/);
    expect(await roleExists(login.user)).toBe(false);
  });

  it('refuses the share, storing nothing, when the destination cannot make logins (no CREATEROLE)', async () => {
    const globex = await owner(t, 'owner@globex-pg-share.example');
    const plain = await createDestinationDatabase('maya_dest_norole', 'destination-secret-51ad');
    await useDestination(globex, plain);
    await seed(globex.organizationId, 'probe', [1]);
    const refused = await call(t.base, 'POST', sharePath(globex.organizationId), {
      token: globex.token,
      body: { email: ANALYST },
    });
    expect([refused.status, refused.body.detail.type]).toEqual([502, 'database_role_failed']);
    expect(refused.body.detail.message).toMatch(/permission denied to create role/);
    const listed = await call(t.base, 'GET', sharePath(globex.organizationId), { token: globex.token });
    expect(listed.body.users).toEqual([]);
  });
});
