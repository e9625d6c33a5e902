import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { noWait } from './clock';
import { loadConfig, type Config } from '../../src/platform/config';
import { TEMPLATE_DATABASE, TEST_SECRET_KEY } from './constants';
import { withDatabase } from '@maya/embedded-postgres/testing';

/** A new database cloned from the migrated template; its owner URL. */
export async function createTestDatabase(): Promise<string> {
  return createDatabase(TEMPLATE_DATABASE);
}

/** A new database with no tables at all (not migrated); its owner URL. */
export async function createEmptyDatabase(): Promise<string> {
  return createDatabase(null);
}

async function createDatabase(template: string | null): Promise<string> {
  const ownerUrl = inject('ownerUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ownerUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  return withDatabase(ownerUrl, name);
}

export async function testConfig(overrides: Record<string, string> = {}): Promise<Config> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'maya-test-data-'));
  await chmod(dataDir, 0o755); // an embedded server under it runs as the `postgres` user when we are root
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SECRET_KEY: TEST_SECRET_KEY,
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    // No cron in tests: the hourly ETL schedule or the 5-minute recovery firing during a test
    // started runs the test did not ask for (a test's pass must not depend on the wall clock).
    RUN_SCHEDULES: 'false',
    ...overrides,
  });
}

/** The whole app on a fresh database, as `main` builds it. */
export async function createTestApp(overrides: Record<string, string> = {}) {
  const databaseUrl = await createTestDatabase();
  const config = await testConfig({ DATABASE_URL: databaseUrl, ...overrides });
  const app = await buildApp(config, { sleep: noWait });
  app.addHook('onClose', () => rm(config.dataDir, { recursive: true, force: true }));
  return { app, config, databaseUrl };
}
