import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig } from '../support/database';

/** The default a new user gets: no DATABASE_URL, so an embedded PostgreSQL under DATA_DIR. */
const postgresProcessesFor = (dataDir: string) =>
  execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(`${dataDir}/postgres`)).length;

describe('embedded PostgreSQL', () => {
  let dataDir = '';
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('starts, migrates, seeds the demo organization, stops with no process left, and keeps data on restart', async () => {
    const config = await testConfig();
    dataDir = config.dataDir;
    const first = await buildApp(config);
    const health = await first.inject('/api/health');
    expect(health.json()).toMatchObject({ status: 'ok', database: { status: 'up' }, jobs: { status: 'up' } });
    const demo = await first.platform.database.pool.query<{ id: string; is_demo: boolean }>(
      "SELECT id, is_demo FROM organizations WHERE slug = 'demo'",
    );
    expect(demo.rows).toEqual([{ id: expect.any(String), is_demo: true }]);
    expect(existsSync(path.join(dataDir, 'warehouse', `${demo.rows[0]!.id}.duckdb`))).toBe(true);
    expect(postgresProcessesFor(dataDir)).toBeGreaterThan(0);
    await first.close();
    expect(postgresProcessesFor(dataDir)).toBe(0);

    const second = await buildApp(config);
    const again = await second.platform.database.pool.query<{ id: string }>(
      "SELECT id FROM organizations WHERE slug = 'demo'",
    );
    expect(again.rows[0]!.id).toBe(demo.rows[0]!.id);
    await second.close();
    expect(postgresProcessesFor(dataDir)).toBe(0);
  });
});
