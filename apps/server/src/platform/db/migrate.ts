import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

const MIGRATION_LOCK = 7_302_025; // any constant: serialises migrations of processes starting together

/**
 * Runs `work` while no other process of this database does (a session advisory lock, which the
 * same session may take again): processes starting together migrate and grant one at a time;
 * PostgreSQL fails a GRANT racing another on the same object ("tuple concurrently updated").
 */
export async function oneProcessAtATime<T>(owner: pg.Client, work: () => Promise<T>): Promise<T> {
  await owner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    return await work();
  } finally {
    await owner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}

/** Applies pending migrations as the owner, one process at a time. */
export async function runMigrations(owner: pg.Client, folder: string): Promise<void> {
  await oneProcessAtATime(owner, () => migrate(drizzle({ client: owner }), { migrationsFolder: folder }));
}
