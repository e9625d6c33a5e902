import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import './global-setup';

export { acquireTestPostgres, releaseTestPostgres } from './shared-server';

/**
 * The run's PostgreSQL, as the global setup provided it. A project without the global setup
 * fails here, loudly: a database suite never skips for want of a server.
 */
export function testPostgresUrl(): string {
  const url = inject('postgresUrl');
  if (!url)
    throw new Error(
      "No test PostgreSQL: add '@maya/embedded-postgres/global-setup' to this project's globalSetup.",
    );
  return url;
}

/** `url` with its database replaced by `database`. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export type ScratchDatabase = { url: string; name: string; drop(): Promise<void> };

/** A new empty database on the run's server (optionally a copy of `template`), and how to drop it. */
export async function createScratchDatabase(
  prefix = 'test',
  template: string | null = null,
): Promise<ScratchDatabase> {
  const ownerUrl = testPostgresUrl();
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const owner = async (sql: string) => {
    const client = new pg.Client({ connectionString: ownerUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await owner(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    url: withDatabase(ownerUrl, name),
    name,
    drop: () => owner(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
