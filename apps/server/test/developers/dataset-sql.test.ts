// POST /api/organizations/{id}/shared-dataset/sql: read-only SQL on the organization's dataset for
// its members (on a plan with database access) and the people it is shared with. Attacks first:
// every other caller and every SQL that is not one read of this dataset is refused, and a refused
// request changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUpBody, startAccountsApp, verifiedUser, type AccountsApp } from '../support/accounts';
import { givePlan } from '../support/billing';
import { member, owner } from '../notifications/support';
import { createKey, withKey } from './support';

let t: AccountsApp;
let acme: Awaited<ReturnType<typeof owner>>;
let globex: Awaited<ReturnType<typeof owner>>;
let analyst: Awaited<ReturnType<typeof verifiedUser>>;

const ANALYST = 'analyst@sql-share.example';
const sqlPath = (organizationId: string) => `/organizations/${organizationId}/shared-dataset/sql`;
const query = (who: { token: string }, organizationId: string, body: unknown) =>
  call(t.base, 'POST', sqlPath(organizationId), { token: who.token, body });
const share = (email: string) =>
  call(t.base, 'POST', `/organizations/${acme.organizationId}/shared-dataset`, {
    token: acme.token,
    body: { email },
  });
const unshare = (email: string) =>
  call(
    t.base,
    'DELETE',
    `/organizations/${acme.organizationId}/shared-dataset?email=${encodeURIComponent(email)}`,
    {
      token: acme.token,
    },
  );

/** A small table in the organization's own warehouse: what its dataset holds. */
async function seedWarehouse(organizationId: string, clicks: number[]) {
  await t.app.modelling.withWarehouse(organizationId, async (warehouse) => {
    await warehouse.ensureSchema('analytics');
    await warehouse.createTable('analytics', {
      name: 'sql_probe',
      columns: [
        { name: 'id', type: 'integer', nullable: false },
        { name: 'clicks', type: 'integer', nullable: false },
      ],
      primaryKey: ['id'],
    });
    await warehouse.loadBatch('analytics', 'sql_probe', [clicks.map((n, i) => ({ id: i + 1, clicks: n }))]);
  });
}
const tablesOf = (organizationId: string) =>
  t.app.modelling.withWarehouse(organizationId, (w) => w.listTables('analytics'), 'read');

beforeAll(async () => {
  t = await startAccountsApp();
  acme = await owner(t, 'owner@acme-sql.example');
  globex = await owner(t, 'owner@globex-sql.example');
  analyst = await verifiedUser(t, ANALYST);
  await seedWarehouse(acme.organizationId, [3, 4, 5]);
  await seedWarehouse(globex.organizationId, [1000]);
  await givePlan(t, acme.organizationId, 'growth');
  await givePlan(t, globex.organizationId, 'growth');
}, 120_000);
afterAll(() => t?.close());

const SUM = { sql: 'SELECT sum(clicks)::INTEGER AS clicks FROM analytics.sql_probe' };

describe('who may query', () => {
  it("answers a member on a plan with database access with the dataset's rows", async () => {
    const answer = await query(acme, acme.organizationId, SUM);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({
      columns: [{ name: 'clicks', type: 'integer' }],
      rows: [{ clicks: 12 }],
      truncated: false,
    });
    const colleague = await member(t, acme, 'member@acme-sql.example');
    expect((await query(colleague, acme.organizationId, SUM)).body.rows).toEqual([{ clicks: 12 }]);
  });

  it("refuses another organization's member with 404, as for an organization that does not exist", async () => {
    const foreign = await query(globex, acme.organizationId, SUM);
    const missing = await query(globex, '00000000-0000-4000-8000-000000000000', SUM);
    expect([foreign.status, foreign.body]).toEqual([missing.status, missing.body]);
    expect(foreign.status).toBe(404);
  });

  it('refuses a person the dataset is not shared with (404), answers once shared, and refuses at once after unsharing', async () => {
    expect((await query(analyst, acme.organizationId, SUM)).status).toBe(404);
    expect((await share(ANALYST)).status).toBe(200);
    const shared = await query(analyst, acme.organizationId, SUM);
    expect([shared.status, shared.body.rows]).toEqual([200, [{ clicks: 12 }]]);
    // Shared with acme's dataset only: globex's stays closed to them.
    expect((await query(analyst, globex.organizationId, SUM)).status).toBe(404);
    expect((await unshare(ANALYST)).status).toBe(204);
    expect((await query(analyst, acme.organizationId, SUM)).status).toBe(404);
  });

  it('refuses someone whose e-mail is the shared one but not verified', async () => {
    const email = 'unverified-analyst@sql-share.example';
    expect((await share(email)).status).toBe(200);
    await call(t.base, 'POST', '/user', { body: signUpBody(email) });
    const pool = t.app.platform.database.pool;
    await pool.query('UPDATE users SET is_email_verified = true WHERE email = $1', [email]);
    const login = await call(t.base, 'POST', '/auth/login', {
      body: { email, password: 'correct horse battery' },
    });
    await pool.query('UPDATE users SET is_email_verified = false WHERE email = $1', [email]);
    const refreshed = await call(t.base, 'POST', '/auth/refresh_token', { cookie: login.cookie! });
    const answer = await query({ token: refreshed.body.access_token }, acme.organizationId, SUM);
    expect(answer.status).not.toBe(200);
    expect(answer.body.rows).toBeUndefined();
    await unshare(email);
  });

  it('refuses a member when the plan has no database access: Upgrade plan for dataset access', async () => {
    const trial = await owner(t, 'owner@trial-sql.example');
    await seedWarehouse(trial.organizationId, [1]);
    await givePlan(t, trial.organizationId, 'starter');
    const answer = await query(trial, trial.organizationId, SUM);
    expect([answer.status, answer.body.detail]).toEqual([
      403,
      { type: 'plan_limit_reached', limit: 'database_access', message: 'Upgrade plan for dataset access' },
    ]);
  });

  it("takes a read-only API key of the organization, and refuses it on another organization's dataset", async () => {
    const key = await createKey(t, acme, { name: 'SQL reader' });
    expect(key.read_only).toBe(true);
    const mine = await withKey(t, key.key, 'POST', sqlPath(acme.organizationId), SUM);
    expect([mine.status, mine.body.rows]).toEqual([200, [{ clicks: 12 }]]);
    const theirs = await withKey(t, key.key, 'POST', sqlPath(globex.organizationId), SUM);
    expect(theirs.status).toBe(404);
  });
});

describe('what SQL may do', () => {
  it("refuses writes, files, settings and other organizations' data, and the warehouses are unchanged", async () => {
    const before = [await tablesOf(acme.organizationId), await tablesOf(globex.organizationId)];
    const attacks = [
      'CREATE TABLE analytics.pwned AS SELECT 1 AS x',
      'INSERT INTO analytics.sql_probe VALUES (99, 99)',
      'UPDATE analytics.sql_probe SET clicks = 0',
      'SELECT 1; DROP TABLE analytics.sql_probe',
      `ATTACH '${t.app.platform.config.dataDir}/warehouse/${globex.organizationId}.duckdb' AS other`,
      "COPY (SELECT 1) TO '/tmp/out.csv'",
      "SELECT * FROM read_csv('/etc/passwd')",
      "SELECT * FROM '/etc/passwd'",
      "SELECT * FROM read_text('/etc/hostname')",
      "SELECT * FROM 'https://example.com/data.parquet'",
      'INSTALL httpfs',
      'SET enable_external_access = true',
      'PRAGMA database_list',
      'SELECT * FROM duckdb_databases()',
      `SELECT * FROM "${globex.organizationId}".analytics.sql_probe`,
      `SELECT * FROM prj_${globex.organizationId.replaceAll('-', '')}_db.analytics.sql_probe`,
      "SELECT getenv('HOME')",
    ];
    for (const sql of attacks) {
      const answer = await query(acme, acme.organizationId, { sql });
      expect([sql, answer.status, answer.body.detail?.type]).toEqual([sql, 400, 'sql_refused']);
    }
    expect([await tablesOf(acme.organizationId), await tablesOf(globex.organizationId)]).toEqual(before);
    expect((await query(acme, acme.organizationId, SUM)).body.rows).toEqual([{ clicks: 12 }]);
  });

  it('keeps to the row limit and says the answer was cut', async () => {
    const answer = await query(acme, acme.organizationId, {
      sql: 'SELECT id FROM analytics.sql_probe ORDER BY id',
      limit: 2,
    });
    expect([answer.status, answer.body.rows, answer.body.truncated]).toEqual([
      200,
      [{ id: 1 }, { id: 2 }],
      true,
    ]);
  });

  it('answers bad input with a clear error, never a 500', async () => {
    for (const body of [
      {},
      { sql: 42 },
      { sql: 'SELECT 1', limit: 0 },
      { sql: 'SELECT 1', limit: 100_000 },
    ]) {
      const answer = await query(acme, acme.organizationId, body);
      expect([JSON.stringify(body), answer.status]).toEqual([JSON.stringify(body), 422]);
    }
    const unknown = await query(acme, acme.organizationId, {
      sql: 'SELECT nope FROM analytics.missing_table',
    });
    expect([unknown.status, unknown.body.detail.type]).toEqual([400, 'sql_failed']);
    expect(unknown.body.detail.message).toContain('missing_table');
  });
});
