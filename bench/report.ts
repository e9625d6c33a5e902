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
//   was closed). A visual's raw replays run right before its API requests, and the raw pages
//   right before the API's, so that both meet the machine in the same state: a shared 2-core
//   machine has slow minutes, and in two phases minutes apart one of them would tell on the
//   ratio. Each side runs its own repeats back to back, as it would alone;
// - PostgreSQL: the same rows copied into a database of their own on 127.0.0.1:5432 (primary
//   key, VACUUM ANALYZE), and the report engine's PostgreSQL statements replayed there.
// Prints a table against the goals and writes bench/results/report.json. Everything it made
// (folders, the app, the database) is removed at the end, also on failure or Ctrl-C.
//
// BENCH_ROWS (10,000,000), BENCH_DAYS (1,461), BENCH_RUNS (11: requests per visual and pages per
// measure, p50 over them), BENCH_PG_RUNS (5) and BENCH_PG_URL
// (postgres://postgres@127.0.0.1:5432/postgres).
import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { addDays, isoDate } from '@maya/connectors';
import { openDuckDbWarehouse, openPostgresWarehouse, type Warehouse } from '@maya/warehouse';
import pg from 'pg';
import { buildApp, startApp, type RunningApp } from '../e2e/support/app-process.mjs';
import { installWarehouse, queryVisual, signUp, type Session } from './report-api';
import { dropPostgres, exportCsv, generateDuckDb, loadPostgres, withDatabase } from './report-data';
import { printTable, summarise, writeResults } from './report-output';
import {
  BROWSER_CONNECTIONS,
  VISUALS,
  captureStatements,
  duckDbConnections,
  limited,
  replayDuckDb,
  replayPostgres,
  request,
  timed,
  type Captured,
} from './report-queries';

const rows = positiveInteger('BENCH_ROWS', 10_000_000);
const days = positiveInteger('BENCH_DAYS', 1461);
const runs = positiveInteger('BENCH_RUNS', 11);
const pgRuns = positiveInteger('BENCH_PG_RUNS', 5);
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pgDatabase = `maya_bench_report_${randomBytes(4).toString('hex')}`;
/** The last day of data: yesterday, as after a daily load. */
const lastDay = addDays(isoDate(Date.now()), -1);
const DUCKDB_CONFIG = { autoinstall_known_extensions: 'false', autoload_known_extensions: 'false' };

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

  step('the API: production build, user, organization, warehouse file');
  app = await startApp({
    label: 'maya-bench-report',
    env: { NODE_ENV: 'production', SECRET_KEY: randomBytes(36).toString('base64url'), LOG_LEVEL: 'warn' },
  });
  const session = await signUp(`http://127.0.0.1:${app.port}`, app.dataDir);
  await installWarehouse(app.dataDir, session.organizationId, file);
  step('the API and raw DuckDB: first page, cached, then cold visual by visual and page by page');
  const { api, raw } = await measureApiAndRaw(session, duckCaptured);
  await app.stop();
  app = null;
  step('raw DuckDB on a freshly opened file');
  raw.fresh = await freshDuckDb(duckCaptured);

  step('PostgreSQL: loading the same rows');
  pgCreated = true;
  const pgLoad = await timedValue(() => loadPostgres(pgAdminUrl, pgDatabase, csv));
  await rm(csv, { force: true });
  step('PostgreSQL: capturing and replaying');
  const pgUrl = withDatabase(pgAdminUrl, pgDatabase);
  const pgCaptured = await capture(() => openPostgresWarehouse({ connectionString: pgUrl }), pgRuns);
  const postgres = await rawPostgres(pgUrl, pgCaptured);

  const summary = summarise({
    settings: { rows, days, lastDay, runs, pgRuns, browserConnections: BROWSER_CONNECTIONS },
    generateSeconds: generated.seconds,
    postgresLoadSeconds: pgLoad.seconds,
    raw,
    api,
    postgres,
  });
  printTable(summary);
  await writeResults(summary);
  if (!api.sameAnswers) {
    failed = true;
    console.error('\nThe API answered other rows than the report engine over the same file in this process.');
  }
} catch (error) {
  failed = true;
  console.error(interrupted ? 'Interrupted.' : error);
} finally {
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

/**
 * The API's first page after the start and its cached visuals and pages; then, visual by visual,
 * the raw DuckDB replays of variants 1..runs (on the copy, after variant 0 warmed that engine
 * up) and right after them the API's cold requests of the same variants (not asked before);
 * then the raw pages and the API's cold pages likewise. The CSV for PostgreSQL is exported from
 * the raw engine at the end.
 */
async function measureApiAndRaw(session: Session, captured: Captured[][]) {
  const apiPage = (k: number) =>
    timed(() =>
      limited(
        VISUALS.map((v) => () => queryVisual(session, request(v, lastDay, k))),
        BROWSER_CONNECTIONS,
      ),
    );
  // The first opening after the start: every statement goes to the file, opened for it.
  const firstOpen = await apiPage(0);
  const answers = await Promise.all(VISUALS.map((v) => queryVisual(session, request(v, lastDay, 0))));
  // As JSON, the way the API answers travel.
  const expected: unknown = JSON.parse(JSON.stringify(captured[0]?.map((c) => c.answer) ?? []));
  const sameAnswers = isDeepStrictEqual(answers, expected);
  const cached: number[][] = [];
  for (const visual of VISUALS) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++)
      times.push(await timed(() => queryVisual(session, request(visual, lastDay, 0))));
    cached.push(times);
  }
  const cachedPages: number[] = [];
  for (let i = 0; i < runs; i++) cachedPages.push(await apiPage(0));

  const instance = await DuckDBInstance.create(rawFile, DUCKDB_CONFIG);
  const connections = await duckDbConnections(instance, BROWSER_CONNECTIONS);
  try {
    const [conn] = connections;
    if (!conn) throw new Error('no DuckDB connection');
    for (const c of captured[0] ?? []) await replayDuckDb(conn, c.statements);
    const variant = (k: number) => captured[k] ?? [];
    const rawVisuals: number[][] = VISUALS.map(() => []);
    const cold: number[][] = VISUALS.map(() => []);
    for (const [i, visual] of VISUALS.entries()) {
      for (let k = 1; k <= runs; k++) {
        const statements = variant(k)[i]?.statements ?? [];
        rawVisuals[i]?.push(await timed(() => replayDuckDb(conn, statements)));
      }
      for (let k = 1; k <= runs; k++)
        cold[i]?.push(await timed(() => queryVisual(session, request(visual, lastDay, k))));
    }
    const rawPages: number[] = [];
    const coldPages: number[] = [];
    for (let k = runs + 1; k <= 2 * runs; k++) rawPages.push(await page(variant(k), connections));
    for (let k = runs + 1; k <= 2 * runs; k++) coldPages.push(await apiPage(k));
    await exportCsv(instance, csv);
    return {
      api: { firstOpen, sameAnswers, cached, cachedPages, cold, coldPages },
      raw: { visuals: rawVisuals, pages: rawPages, fresh: [] as number[][] },
    };
  } finally {
    for (const c of connections) c.closeSync();
    instance.closeSync();
  }
}

/** Each visual's statements on the file opened afresh for them, as a request meets a closed file. */
async function freshDuckDb(captured: Captured[][]): Promise<number[][]> {
  const fresh: number[][] = VISUALS.map(() => []);
  for (const variant of captured.slice(1, runs + 1)) {
    for (const [i, c] of variant.entries()) {
      fresh[i]?.push(
        await timed(async () => {
          const opened = await DuckDBInstance.create(rawFile, DUCKDB_CONFIG);
          try {
            const connection = await opened.connect();
            await replayDuckDb(connection, c.statements);
            connection.closeSync();
          } finally {
            opened.closeSync();
          }
        }),
      );
    }
  }
  return fresh;
}

async function page(variant: Captured[], connections: Awaited<ReturnType<typeof duckDbConnections>>) {
  const free = [...connections];
  return timed(() =>
    limited(
      variant.map((c) => async () => {
        const connection = free.pop();
        if (!connection) throw new Error('no free connection');
        try {
          await replayDuckDb(connection, c.statements);
        } finally {
          free.push(connection);
        }
      }),
      BROWSER_CONNECTIONS,
    ),
  );
}

async function rawPostgres(url: string, captured: Captured[][]) {
  const pool = new pg.Pool({ connectionString: url, max: BROWSER_CONNECTIONS });
  // Dropping the database at the end terminates a connection the pool may still be closing.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    const visuals: number[][] = VISUALS.map(() => []);
    try {
      for (const c of captured[0] ?? []) await replayPostgres(client, c.statements);
      for (const variant of captured.slice(1)) {
        for (const [i, c] of variant.entries())
          visuals[i]?.push(await timed(() => replayPostgres(client, c.statements)));
      }
    } finally {
      client.release();
    }
    const pages: number[] = [];
    for (const variant of captured.slice(1)) {
      pages.push(
        await timed(() =>
          limited(
            variant.map((c) => async () => {
              const pooled = await pool.connect();
              try {
                await replayPostgres(pooled, c.statements);
              } finally {
                pooled.release();
              }
            }),
            BROWSER_CONNECTIONS,
          ),
        ),
      );
    }
    return { visuals, pages };
  } finally {
    await pool.end();
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
