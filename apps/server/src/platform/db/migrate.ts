import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
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

/** The migration a database was last migrated to, as drizzle records it (null: never migrated). */
export type AppliedMigration = { tag: string; created_at: number; hash: string };

type Journal = { entries: { tag: string; when: number }[] };

async function journal(folder: string): Promise<Journal['entries']> {
  return (JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal).entries;
}

/** The last migration applied to the database `client` reads, named by its journal tag. */
export async function appliedMigration(client: pg.Client, folder: string): Promise<AppliedMigration | null> {
  const table = await client.query<{ present: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!table.rows[0]?.present) return null;
  const { rows } = await client.query<{ hash: string; created_at: string }>(
    'SELECT hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
  );
  const last = rows[0];
  if (!last) return null;
  const createdAt = Number(last.created_at);
  const entry = (await journal(folder)).find((candidate) => candidate.when === createdAt);
  return { tag: entry?.tag ?? `unknown (${createdAt})`, created_at: createdAt, hash: last.hash };
}

/**
 * Applies the migrations up to and including `target` on `client`, inside the caller's open
 * transaction (drizzle's own migrator commits its own), recording each as drizzle does so that
 * the next start migrates on from there. Throws when `target` is not a migration of this build.
 */
export async function migrateUpTo(
  client: pg.Client,
  folder: string,
  target: AppliedMigration,
): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: folder });
  const last = migrations.findIndex((migration) => migration.folderMillis === target.created_at);
  if (last < 0 || migrations[last]?.hash !== target.hash)
    throw new Error(`migration ${target.tag} is not one of this build's migrations`);
  await client.query('CREATE SCHEMA IF NOT EXISTS drizzle');
  await client.query(
    'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
  );
  for (const migration of migrations.slice(0, last + 1)) {
    for (const statement of migration.sql) await client.query(statement);
    await client.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [
      migration.hash,
      migration.folderMillis,
    ]);
  }
}
