import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/platform/config';
import { startEmbeddedPostgres } from '../../src/platform/db/embedded';
import { runMigrations } from '../../src/platform/db/migrate';
import { migrationsFolder } from '../../src/platform/paths';
import { loadSecrets } from '../../src/platform/secrets';
import { TEMPLATE_DATABASE, TEST_SECRET_KEY } from './constants';

/**
 * One real PostgreSQL (the embedded binaries) for the whole run, a template database migrated
 * once, and a fresh copy of it per test file (`createTestDatabase`): fast and isolated.
 */
export async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'maya-test-pg-'));
  await chmod(dataDir, 0o755); // the embedded server runs as the `postgres` user when we are root
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SECRET_KEY: TEST_SECRET_KEY });
  const secrets = await loadSecrets(config);
  const silent = { info() {}, warn() {}, debug() {}, error() {} } as never;
  const server = await startEmbeddedPostgres({ dataDir, port: null, secrets, log: silent });

  const teardown = async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const admin = new pg.Client({ connectionString: server.ownerUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const template = new pg.Client({ connectionString: withDatabase(server.ownerUrl, TEMPLATE_DATABASE) });
    await template.connect();
    await runMigrations(template, migrationsFolder());
    await template.end();
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('ownerUrl', server.ownerUrl);
  return teardown;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    ownerUrl: string;
  }
}
