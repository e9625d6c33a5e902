// Test harness: suites of report queries run on real engines over the canonical
// marketing_performance table holding the fixture rows (report-fixture.ts). DuckDB always;
// PostgreSQL when one is reachable (MAYA_TEST_POSTGRES_URL, else 127.0.0.1:5432), in a database
// of its own dropped afterwards.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VisualQueryInput } from './run-visual';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { openDuckDbWarehouse } from '../duckdb/duckdb-warehouse';
import { MODEL_SCHEMA } from '../models/build';
import { MARKETING_PERFORMANCE } from '../models/marketing-performance';
import { modelTable } from '../models/model';
import { openPostgresWarehouse } from '../postgres/postgres-warehouse';
import type { Warehouse } from '../warehouse';
import { FIXTURE, modelRow } from './report-fixture';

/** The fixture's "today". */
export const NOW = new Date('2024-03-20T10:00:00Z');
export const layout = { x: 0, y: 0, w: 12, h: 4 };

/** A visual's inputs: no filters, no date range, as of NOW. */
export const visualInput = (over: Partial<VisualQueryInput> = {}): VisualQueryInput => ({
  filters: [],
  dateRange: null,
  sort: null,
  now: NOW,
  timeoutMs: 30_000,
  ...over,
});

/** `warehouse` that also keeps the SQL of every statement sent through it, in order. */
export function recordingWarehouse(warehouse: Warehouse): { recording: Warehouse; sent: string[] } {
  const sent: string[] = [];
  const recording: Warehouse = {
    ...warehouse,
    query: (sql, params, opts) => {
      sent.push(sql);
      return warehouse.query(sql, params, opts);
    },
  };
  return { recording, sent };
}

type Suite = (warehouse: () => Warehouse) => void;

const configuredUrl = process.env.MAYA_TEST_POSTGRES_URL;
const adminUrl = configuredUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const postgresAvailable = configuredUrl !== undefined || (await reachable(adminUrl));

/** `suite` once per engine, named `${engine}: ${title}`, over a warehouse loaded with the fixture. */
export function onFixtureEngines(title: string, suite: Suite): void {
  describe(`DuckDB: ${title}`, () => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'maya-reports-'));
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
    withFixture(() => openDuckDbWarehouse({ file: join(dataDir, `${randomUUID()}.duckdb`) }), suite);
  });
  describe.skipIf(!postgresAvailable)(`PostgreSQL: ${title}`, () => {
    const database = `maya_reports_test_${randomBytes(5).toString('hex')}`;
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    beforeAll(() => admin(`CREATE DATABASE ${database}`));
    afterAll(() => admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    withFixture(() => openPostgresWarehouse({ connectionString: url.toString() }), suite);
  });
}

function withFixture(open: () => Promise<Warehouse>, suite: Suite): void {
  let wh: Warehouse | null = null;
  beforeAll(async () => {
    wh = await open();
    await wh.ensureSchema(MODEL_SCHEMA);
    await wh.createTable(MODEL_SCHEMA, modelTable(MARKETING_PERFORMANCE));
    await wh.loadBatch(MODEL_SCHEMA, MARKETING_PERFORMANCE.name, [FIXTURE.map(modelRow)]);
  });
  afterAll(async () => {
    await wh?.close();
  });
  suite(() => {
    if (wh === null) throw new Error('the fixture warehouse is not open yet');
    return wh;
  });
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
