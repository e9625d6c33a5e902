import pg from 'pg';
import { startEmbeddedPostgres } from '@maya/embedded-postgres';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from './config';
import { oneProcessAtATime, runMigrations } from './db/migrate';
import { createAppPool, withCredentials, type Database } from './db/pool';
import { findTenantTablesWithoutPolicy } from './db/rls';
import { describeRole, ensureAppRole } from './db/roles';
import { migrationsFolder } from './paths';
import type { Secrets } from './secrets';

export type DatabaseHandle = {
  db: Database;
  pool: pg.Pool;
  /** Owner connection string: migrations and the job queue only. */
  ownerUrl: string;
  appRole: string;
  ping(): Promise<number>;
  close(): Promise<void>;
};

/**
 * Opens the app database: the embedded server when DATABASE_URL is unset, migrations as the
 * owner, the app role ensured, every tenant table checked for its forced policy, then the pool
 * of the app role. The same steps run against the embedded server and a DATABASE_URL.
 */
export async function openDatabase(config: Config, secrets: Secrets, log: Logger): Promise<DatabaseHandle> {
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPostgresPort,
        superPassword: secrets.derive('embedded-postgres-superuser'),
        ownerPassword: secrets.derive('embedded-postgres-owner'),
        log,
      });
  try {
    const ownerUrl = embedded?.ownerUrl ?? config.databaseUrl ?? '';
    const appPassword = secrets.derive(`database-app-role:${config.databaseAppRole}`);
    const appUrl = withCredentials(ownerUrl, config.databaseAppRole, appPassword);
    await prepare(ownerUrl, appUrl, config.databaseAppRole, appPassword);
    const { pool, db } = createAppPool(appUrl, config.databasePoolSize, log);
    log.info({ embedded: Boolean(embedded), port: embedded?.port }, 'database ready');
    return {
      db,
      pool,
      ownerUrl,
      appRole: config.databaseAppRole,
      async ping() {
        const started = performance.now();
        await pool.query('SELECT 1');
        return performance.now() - started;
      },
      async close() {
        await pool.end();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}

async function prepare(ownerUrl: string, appUrl: string, role: string, password: string): Promise<void> {
  const owner = new pg.Client({ connectionString: ownerUrl, application_name: 'maya-migrate' });
  await owner.connect();
  try {
    await runMigrations(owner, migrationsFolder());
    await oneProcessAtATime(owner, () => ensureAppRole(owner, role, password, appUrl));
    const facts = await describeRole(owner, role);
    if (!facts || facts.rolsuper || facts.rolbypassrls || facts.owned > 0) {
      throw new Error(
        `refusing to start: the app role ${role} must not be a superuser, bypass row-level security or own tables`,
      );
    }
    const problems = await findTenantTablesWithoutPolicy(owner);
    if (problems.length > 0) {
      const list = problems.map((p) => `${p.table}: ${p.problem}`).join('; ');
      throw new Error(`refusing to start: tenant tables without a forced organization policy: ${list}`);
    }
  } finally {
    await owner.end();
  }
}
