import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

const MIGRATION_LOCK = 7_302_025; // any constant: serialises migrations of processes starting together

/** Applies pending migrations as the owner, one process at a time. */
export async function runMigrations(owner: pg.Client, folder: string): Promise<void> {
  await owner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await migrate(drizzle({ client: owner }), { migrationsFolder: folder });
  } finally {
    await owner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}
