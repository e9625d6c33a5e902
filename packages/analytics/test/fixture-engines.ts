// Test harness: suites of report queries run on real engines over the canonical
// marketing_performance table holding the fixture rows (report-fixture.ts): DuckDB, and the test
// run's embedded PostgreSQL (the global setup of `@maya/embedded-postgres`) in a database of its
// own dropped afterwards. Neither is ever skipped.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VisualQueryInput } from '../src/reports/run-visual';
import { createScratchDatabase, type ScratchDatabase } from '@maya/embedded-postgres/testing';
import { afterAll, beforeAll, describe } from 'vitest';
import { openDuckDbWarehouse, openPostgresWarehouse } from '@maya/warehouse';
import { MODEL_SCHEMA } from '../src/models/build';
import { MARKETING_PERFORMANCE } from '../src/models/marketing-performance';
import { modelTable } from '../src/models/model';
import type { Warehouse } from '@maya/warehouse';
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
  describe(`PostgreSQL: ${title}`, () => {
    let scratch: ScratchDatabase | null = null;
    beforeAll(async () => {
      scratch = await createScratchDatabase('maya_reports_test');
    });
    afterAll(async () => {
      await scratch?.drop();
    });
    withFixture(async () => {
      if (!scratch) throw new Error('the scratch database is created in beforeAll');
      return openPostgresWarehouse({ connectionString: scratch.url });
    }, suite);
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
