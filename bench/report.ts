// `npm run bench:report`: how fast the -maya overview page answers over 10 million rows of
// marketing performance. Generates the rows inside DuckDB (bench/report-data.ts) into a file,
// then measures, in one run:
// - the API: the production build (e2e/support/app-process.mjs) with a user and an organization
//   made through its API and the file as that organization's managed warehouse; each visual's
//   POST /api/reports/-maya/query cold (a date range not asked before, so not in the cache) and
//   cached (asked again), and the page (every visual at once, six at a time as a browser's
//   connection pool does) cold, cached and on its very first opening after the start;
// - raw DuckDB: the statements the server's own report engine sends for the same requests
//   (captured in this process, bench/report-queries.ts), replayed on a DuckDB connection of a
//   copy of the file, and replayed on a freshly opened file (what a request pays when the file
//   was closed);
// - PostgreSQL: the same rows copied into a database of their own on 127.0.0.1:5432 (primary
//   key, VACUUM ANALYZE), and the report engine's PostgreSQL statements replayed there.
// The three are timed in three rounds over every visual and the page, a visual's three measures
// within a second of each other (bench/report-measure.ts, decisions 138 and 150).
// Prints a table against the goals and writes bench/results/report.json. Everything it made
// (folders, the app, the database) is removed at the end, also on failure or Ctrl-C.
//
// BENCH_ROWS (10,000,000), BENCH_DAYS (1,461), BENCH_RUNS (11: requests per visual and pages per
// measure, p50 over them), BENCH_PG_RUNS (as many as BENCH_RUNS) and BENCH_PG_URL
// (postgres://postgres@127.0.0.1:5432/postgres).
import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { addDays, utcDay } from '@maya/contracts';
import { openDuckDbWarehouse, openPostgresWarehouse, type Warehouse } from '@maya/warehouse';
import { buildApp, startApp, type RunningApp } from '@maya/e2e/app-process';
import { clientName, closeClient, installWarehouse, signUp } from './report-api';
import {
  benchRates,
  dropPostgres,
  exportCsv,
  generateDuckDb,
  loadPostgres,
  settleWrites,
  withDatabase,
} from './report-data';
import { measureEditorPage, printEditorPage } from './report-editor-page';
import { DUCKDB_CONFIG, freshDuckDb, measureAll, type MeasureSettings } from './report-measure';
import { printTable, summarise, writeResults } from './report-output';
import { BROWSER_CONNECTIONS, captureStatements, type Captured } from './report-queries';

const rows = positiveInteger('BENCH_ROWS', 10_000_000);
const days = positiveInteger('BENCH_DAYS', 1461);
const runs = positiveInteger('BENCH_RUNS', 11);
// At most as many PostgreSQL replays as the API has requests of a visual (report-measure.ts).
const pgRuns = Math.min(positiveInteger('BENCH_PG_RUNS', runs), runs);
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pgDatabase = `maya_bench_report_${randomBytes(4).toString('hex')}`;
/** The last day of data: yesterday, as after a daily load. */
const lastDay = addDays(utcDay(Date.now()), -1);

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping after the current step and cleaning up…`);
  });
}
function step(label: string): void {
  if (interrupted) throw new Error('interrupted');
  console.log(`· ${label}`);
}

const folder = await mkdtemp(path.join(os.tmpdir(), 'maya-bench-report-'));
const file = path.join(folder, 'warehouse.duckdb');
const rawFile = path.join(folder, 'raw.duckdb');
const csv = path.join(folder, 'marketing_performance.csv');
let app: RunningApp | null = null;
let pgCreated = false;
let failed = false;
try {
  step('building the app (if stale)');
  await buildApp();

  step(`generating ${rows.toLocaleString('en-US')} rows over ${days} days to ${lastDay}`);
  const generated = await timedValue(() => generateDuckDb(file, rows, days, lastDay));
  if (generated.value !== rows) throw new Error(`generated ${generated.value} rows, expected ${rows}`);

  // DuckDB lets one process open a file: the app reads the file, raw DuckDB its copy.
  await copyFile(file, rawFile);

  step('capturing the statements of the report engine (DuckDB)');
  const duckCaptured = await capture(() => openDuckDbWarehouse({ file: rawFile }), 2 * runs);

  step('PostgreSQL: loading the same rows');
  const exporter = await DuckDBInstance.create(rawFile, DUCKDB_CONFIG);
  try {
    await exportCsv(exporter, csv);
  } finally {
    exporter.closeSync();
  }
  pgCreated = true;
  const pgLoad = await timedValue(() => loadPostgres(pgAdminUrl, pgDatabase, csv, benchRates(days, lastDay)));
  await rm(csv, { force: true });
  step('capturing the statements of the report engine (PostgreSQL)');
  const pgUrl = withDatabase(pgAdminUrl, pgDatabase);
  const pgCaptured = await capture(() => openPostgresWarehouse({ connectionString: pgUrl }), pgRuns);

  step('the API: production build, user, organization, warehouse file');
  app = await startApp({
    label: 'maya-bench-report',
    env: { NODE_ENV: 'production', SECRET_KEY: randomBytes(36).toString('base64url'), LOG_LEVEL: 'warn' },
  });
  const session = await signUp(`http://127.0.0.1:${app.port}`, app.dataDir);
  await installWarehouse(app.dataDir, session.organizationId, file);
  step('writing out what loading left to write (PostgreSQL CHECKPOINT, sync)');
  await settleWrites(pgUrl);
  step('the API, raw DuckDB and PostgreSQL: first page, cached, then cold visual by visual, then pages');
  const settings: MeasureSettings = { lastDay, runs, pgRuns, rawFile, pgUrl };
  const { api, raw, postgres } = await measureAll(session, duckCaptured, pgCaptured, settings);
  step('a page of 12 visuals built in the editor (issue 32): cold, then cached');
  const editorPage = await measureEditorPage(session, lastDay, runs);
  await app.stop();
  app = null;
  step('raw DuckDB on a freshly opened file');
  const fresh = await freshDuckDb(duckCaptured, settings);

  const summary = summarise({
    settings: {
      rows,
      days,
      lastDay,
      runs,
      pgRuns,
      browserConnections: BROWSER_CONNECTIONS,
      client: clientName(),
    },
    generateSeconds: generated.seconds,
    postgresLoadSeconds: pgLoad.seconds,
    raw: { ...raw, fresh },
    api,
    postgres,
  });
  printTable(summary);
  printEditorPage(editorPage);
  await writeResults({ ...summary, editorPage });
  if (!api.sameAnswers) {
    failed = true;
    console.error('\nThe API answered other rows than the report engine over the same file in this process.');
  }
} catch (error) {
  failed = true;
  console.error(interrupted ? 'Interrupted.' : error);
} finally {
  closeClient();
  if (app) await app.stop().catch((error: unknown) => ((failed = true), console.error(error)));
  if (pgCreated) await dropPostgres(pgAdminUrl, pgDatabase).catch((error: unknown) => console.error(error));
  await rm(folder, { recursive: true, force: true });
}
process.exitCode = interrupted ? 130 : failed ? 1 : 0;

async function timedValue<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const value = await work();
  return { value, seconds: (performance.now() - started) / 1000 };
}

async function capture(open: () => Promise<Warehouse>, count: number): Promise<Captured[][]> {
  const warehouse = await open();
  try {
    return await captureStatements(warehouse, lastDay, count);
  } finally {
    await warehouse.close();
  }
}

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`${name}=${JSON.stringify(raw)}: expected a positive integer`);
    process.exit(2);
  }
  return value;
}
