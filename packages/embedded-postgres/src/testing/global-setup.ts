import type { TestProject } from 'vitest/node';
import { acquireTestPostgres, releaseTestPostgres } from './shared-server';

/**
 * Vitest global setup for any project whose tests need PostgreSQL: list
 * `@maya/embedded-postgres/global-setup` in its `globalSetup` and read the URL in tests with
 * `testPostgresUrl()` (or `createScratchDatabase()`) from `@maya/embedded-postgres/testing`.
 * Every project of a run shares one embedded server.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('postgresUrl', await acquireTestPostgres());
  return releaseTestPostgres;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Owner of the run's embedded PostgreSQL: may create databases and roles, not a superuser. */
    postgresUrl: string;
  }
}
