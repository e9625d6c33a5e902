import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCredentials } from '../../src/platform/db/pool';
import { describeRole, ensureAppRole } from '../../src/platform/db/roles';
import { createTestDatabase } from '../support/database';

// The owner of the embedded server has CREATEROLE but is not a superuser, as on a managed
// database: whatever ensureAppRole sends must be allowed to such an owner.
let ownerUrl: string;
let owner: pg.Client;
const role = `maya_app_${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  ownerUrl = await createTestDatabase();
  owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
});
afterAll(async () => {
  await owner.query(`DROP ROLE IF EXISTS ${role}`).catch(() => {});
  await owner.end();
});

async function logsIn(password: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: withCredentials(ownerUrl, role, password) });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

describe('the app role', () => {
  it('is created with its password, owning nothing and unable to bypass row-level security', async () => {
    await ensureAppRole(owner, role, 'first-password', withCredentials(ownerUrl, role, 'first-password'));
    expect(await logsIn('first-password')).toBe(true);
    expect(await describeRole(owner, role)).toEqual({ rolsuper: false, rolbypassrls: false, owned: 0 });
  });

  it('gets its password back when it no longer logs in (a new secret, or a password changed by hand)', async () => {
    await ensureAppRole(owner, role, 'second-password', withCredentials(ownerUrl, role, 'second-password'));
    expect(await logsIn('second-password')).toBe(true);
    expect(await logsIn('first-password')).toBe(false);
    expect(await describeRole(owner, role)).toEqual({ rolsuper: false, rolbypassrls: false, owned: 0 });
  });
});
