import pg from 'pg';

/**
 * The app never connects as the owner of its tables: it uses a login role that owns nothing,
 * is not a superuser and cannot bypass row-level security (DESIGN.md, tenant isolation).
 * The owner (DATABASE_URL, or the embedded server's owner) creates it when missing; its password
 * is derived from the installation secret so every API and worker process agrees on it.
 */
export async function ensureAppRole(
  owner: pg.Client,
  role: string,
  password: string,
  appUrl: string,
): Promise<void> {
  const { rows } = await owner.query<{ db: string }>('SELECT current_database() AS db');
  const database = rows[0]?.db ?? '';
  const ident = owner.escapeIdentifier(role);
  const exists = async () =>
    Boolean((await owner.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])).rowCount);
  // Probe the password only for a role that exists, so a first start logs no failed login.
  if (!(await exists()) || !(await canLogIn(appUrl))) {
    const secret = owner.escapeLiteral(password);
    await retryOnRace(async () => {
      // ALTER sets only the login and password: naming SUPERUSER or BYPASSRLS at all, even to
      // turn them off, needs those attributes, which a CREATEROLE owner (embedded, managed) lacks.
      // The start-up check (database.ts, describeRole) refuses a role that has them.
      await owner.query(
        (await exists())
          ? `ALTER ROLE ${ident} LOGIN PASSWORD ${secret}`
          : `CREATE ROLE ${ident} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD ${secret}`,
      );
    });
  }
  // Grants are per database (a test run has many); repeating them is harmless.
  await owner.query(`GRANT CONNECT ON DATABASE ${owner.escapeIdentifier(database)} TO ${ident}`);
  await owner.query(`GRANT USAGE ON SCHEMA public TO ${ident}`);
  await owner.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${ident}`);
  await owner.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${ident}`);
}

/** Facts a test (and the start-up check) asserts about the app role. */
export async function describeRole(client: pg.Client | pg.Pool, role: string) {
  const { rows } = await client.query<{
    rolsuper: boolean;
    rolbypassrls: boolean;
    owned: number;
  }>(
    `SELECT r.rolsuper, r.rolbypassrls,
            (SELECT count(*)::int FROM pg_class c WHERE c.relowner = r.oid) AS owned
       FROM pg_roles r WHERE r.rolname = $1`,
    [role],
  );
  return rows[0] ?? null;
}

async function canLogIn(appUrl: string): Promise<boolean> {
  const probe = new pg.Client({ connectionString: appUrl });
  try {
    await probe.connect();
    return true;
  } catch {
    return false;
  } finally {
    await probe.end().catch(() => {});
  }
}

/** Roles are cluster-wide: processes or test files starting together may race to create one. */
async function retryOnRace(work: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: string }).code;
      const race = code === '42710' || code === '23505' || code === 'XX000';
      if (!race || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
