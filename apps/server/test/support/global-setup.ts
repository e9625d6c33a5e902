import pg from 'pg';
import { acquireTestPostgres, releaseTestPostgres, withDatabase } from '@maya/embedded-postgres/testing';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '../../src/platform/db/migrate';
import { migrationsFolder } from '../../src/platform/paths';
import { TEMPLATE_DATABASE } from './constants';

/**
 * The run's one PostgreSQL (the embedded binaries, shared with every other project of the run),
 * a template database migrated once, and a fresh copy of it per test file (`createTestDatabase`):
 * fast and isolated.
 */
export async function setup(project: TestProject) {
  const ownerUrl = await acquireTestPostgres();
  try {
    const admin = new pg.Client({ connectionString: ownerUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const template = new pg.Client({ connectionString: withDatabase(ownerUrl, TEMPLATE_DATABASE) });
    await template.connect();
    await runMigrations(template, migrationsFolder());
    await template.end();
  } catch (error) {
    await releaseTestPostgres();
    throw error;
  }
  project.provide('ownerUrl', ownerUrl);
  return releaseTestPostgres;
}

declare module 'vitest' {
  export interface ProvidedContext {
    ownerUrl: string;
  }
}
