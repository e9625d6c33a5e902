import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withOrganization } from '../../src/platform/db/tenant';
import { findTenantTablesWithoutPolicy } from '../../src/platform/db/rls';
import { describeRole } from '../../src/platform/db/roles';
import { createTestApp } from '../support/database';

let app: FastifyInstance;
let ownerUrl: string;
let orgA: string;
let orgB: string;

beforeAll(async () => {
  ({ app, databaseUrl: ownerUrl } = await createTestApp());
  const { db } = app.platform.database;
  const rows = await db.execute<{ id: string }>(
    sql`INSERT INTO organizations (name, slug) VALUES ('A', 'org-a'), ('B', 'org-b') RETURNING id`,
  );
  [orgA, orgB] = rows.rows.map((r) => r.id) as [string, string];
  await withOrganization(db, orgA, (tx) =>
    tx.execute(sql`INSERT INTO datasets (organization_id, name) VALUES (${orgA}, 'a-data')`),
  );
  await withOrganization(db, orgB, (tx) =>
    tx.execute(sql`INSERT INTO datasets (organization_id, name) VALUES (${orgB}, 'b-data')`),
  );
});
afterAll(() => app.close());

const names = (result: { rows: Record<string, unknown>[] }) => result.rows.map((r) => r.name);

describe('tenant isolation', () => {
  it('the app connects as a role that owns nothing and cannot bypass row-level security', async () => {
    const { pool, appRole } = app.platform.database;
    const current = await pool.query<{ user: string }>('SELECT current_user AS user');
    expect(current.rows[0]!.user).toBe(appRole);
    expect(await describeRole(pool, appRole)).toEqual({ rolsuper: false, rolbypassrls: false, owned: 0 });
  });

  it('every table with organization_id has row-level security enabled, forced and scoped', async () => {
    expect(await findTenantTablesWithoutPolicy(app.platform.database.pool)).toEqual([]);
  });

  it('a unit of work sees only its own organization, and nothing without one', async () => {
    const { db } = app.platform.database;
    expect(
      names(await withOrganization(db, orgA, (tx) => tx.execute(sql`SELECT name FROM datasets`))),
    ).toEqual(['a-data']);
    expect(
      names(await withOrganization(db, orgB, (tx) => tx.execute(sql`SELECT name FROM datasets`))),
    ).toEqual(['b-data']);
    expect(names(await db.execute(sql`SELECT name FROM datasets`))).toEqual([]);
  });

  it('the organization setting dies with the transaction (no leak through the pool)', async () => {
    const { db } = app.platform.database;
    await withOrganization(db, orgA, async () => {});
    const after = await db.execute<{ org: string | null }>(
      sql`SELECT nullif(current_setting('app.organization_id', true), '') AS org`,
    );
    expect(after.rows[0]!.org).toBeNull();
  });

  it('cannot write a row for another organization, and the failed write changes nothing', async () => {
    const { db } = app.platform.database;
    await expect(
      withOrganization(db, orgA, (tx) =>
        tx.execute(sql`INSERT INTO datasets (organization_id, name) VALUES (${orgB}, 'sneaky')`),
      ),
    ).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/violates row-level security policy/) },
    });
    const updated = await withOrganization(db, orgA, (tx) =>
      tx.execute(sql`UPDATE datasets SET name = 'stolen' WHERE organization_id = ${orgB}`),
    );
    expect(updated.rowCount).toBe(0);
    expect(
      names(await withOrganization(db, orgB, (tx) => tx.execute(sql`SELECT name FROM datasets`))),
    ).toEqual(['b-data']);
  });

  it("organization_access answers the guard in one statement, under the memberships' policy", async () => {
    const { db } = app.platform.database;
    const users = await db.execute<{ id: string }>(
      sql`INSERT INTO users (email) VALUES ('member@a.example'), ('outsider@a.example') RETURNING id`,
    );
    const [member, outsider] = users.rows.map((r) => r.id) as [string, string];
    await withOrganization(db, orgA, (tx) =>
      tx.execute(
        sql`INSERT INTO memberships (organization_id, user_id, role) VALUES (${orgA}, ${member}, 'admin')`,
      ),
    );
    const access = async (user: string, organization: string) =>
      (await db.execute(sql`SELECT is_demo, role FROM organization_access(${user}, ${organization})`)).rows;
    expect(await access(member, orgA)).toEqual([{ is_demo: false, role: 'admin' }]);
    expect(await access(member, orgB)).toEqual([{ is_demo: false, role: null }]);
    expect(await access(outsider, orgA)).toEqual([{ is_demo: false, role: null }]);
    expect(await access(member, '00000000-0000-4000-8000-000000000000')).toEqual([]);
    // Inside another unit of work it leaves that work's settings as they were.
    const settings = await withOrganization(db, orgA, async (tx) => {
      await tx.execute(sql`SELECT * FROM organization_access(${member}, ${orgA})`);
      return (
        await tx.execute<{ org: string; user: string }>(
          sql`SELECT current_setting('app.organization_id', true) AS org, current_setting('app.user_id', true) AS user`,
        )
      ).rows[0];
    });
    expect(settings).toEqual({ org: orgA, user: '' });
    const after = await db.execute<{ user: string | null }>(
      sql`SELECT nullif(current_setting('app.user_id', true), '') AS user`,
    );
    expect(after.rows[0]?.user).toBeNull();
  });

  it('rejects a unit of work without a real organization id', async () => {
    await expect(withOrganization(app.platform.database.db, "x' OR true --", async () => {})).rejects.toThrow(
      /not an organization id/,
    );
  });

  it('the check names a tenant table that lacks a policy or does not force it', async () => {
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    try {
      await owner.query('CREATE TABLE leaky (id int, organization_id uuid)');
      await owner.query('CREATE TABLE half (id int, organization_id uuid)');
      await owner.query('ALTER TABLE half ENABLE ROW LEVEL SECURITY');
      const problems = await findTenantTablesWithoutPolicy(owner);
      expect(problems).toEqual(
        expect.arrayContaining([
          { table: 'leaky', problem: 'row level security is not enabled' },
          { table: 'leaky', problem: 'row level security is not forced' },
          { table: 'half', problem: 'row level security is not forced' },
          { table: 'half', problem: 'no policy on organization_id = app.organization_id' },
        ]),
      );
      expect(problems.some((p) => p.table === 'datasets')).toBe(false);
    } finally {
      await owner.query('DROP TABLE IF EXISTS leaky, half');
      await owner.end();
    }
  });
});
