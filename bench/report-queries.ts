// The queries of `npm run bench:report`: the -maya overview page's visuals as the browser asks
// for them, the statements the server's own report engine sends to a warehouse for each request
// (captured by running that engine, result cache included, in this process over a recording
// warehouse), and
// those statements replayed straight on DuckDB and on PostgreSQL, without the product around.
import type { ReportQueryRequest, ReportQueryResponse, Visual } from '@maya/contracts';
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { addDays } from '@maya/contracts';
import { MAYA_REPORT, MARKETING_SEMANTIC_MODEL } from '@maya/analytics';
import type { Warehouse } from '@maya/warehouse';
import { createReportEngine } from '@maya/server/bench';
import type pg from 'pg';

export const REPORT = MAYA_REPORT.slug;
export const PAGE = 'overview';
/** A browser opens at most six HTTP/1.1 connections to one origin. */
export const BROWSER_CONNECTIONS = 6;

/** The overview page's visuals that query (all of them: it has no slicer). */
export const VISUALS: readonly Visual[] = (() => {
  const page = MAYA_REPORT.pages.find((p) => p.name === PAGE);
  if (!page) throw new Error(`${REPORT} has no page ${PAGE}`);
  return page.visuals.filter((v) => v.kind !== 'slicer');
})();

export type Request = Omit<ReportQueryRequest, 'organization_id'>;

/**
 * The request of one visual for variant `k`: the report's filters except its relative date
 * (the channel filter, empty) and a 30-day date range ending `k` days before the last day of
 * data. Each variant is another cache key, with the same amount of work.
 */
export function request(visual: Visual, lastDay: string, k: number): Request {
  return {
    report: REPORT,
    page: PAGE,
    visual_id: visual.id,
    filters: MAYA_REPORT.filters.filter((f) => f.kind !== 'relative_date'),
    date_range: { from: addDays(lastDay, -(k + 29)), to: addDays(lastDay, -k) },
    sort: null,
  };
}

/**
 * A statement the engine sent, with its batch: statements the engine sent while another one of
 * the same request was running share a batch (a KPI's two periods, a table's rows and totals),
 * and the replays run a batch at once, each statement on its own connection, as the engine does.
 */
export type Statement = { sql: string; params: unknown[]; batch: number };
/** What the engine sent to the warehouse for one request (cache misses only), and its answer. */
export type Captured = { statements: Statement[]; answer: ReportQueryResponse };

/**
 * Runs the server's report engine in this process over `warehouse` for variants 0..runs of
 * every visual, in that order (variant by variant, the visuals one after the other), and records
 * the statements each request sent: captured[k][visual index].
 */
export async function captureStatements(
  warehouse: Warehouse,
  lastDay: string,
  runs: number,
): Promise<Captured[][]> {
  let current: Statement[] = [];
  let running = 0;
  let batch = 0;
  const recording: Warehouse = {
    ...warehouse,
    query: async (sql, params, opts) => {
      if (running === 0) batch += 1;
      current.push({ sql, params: Array.isArray(params) ? params : [params], batch });
      running += 1;
      try {
        return await warehouse.query(sql, params, opts);
      } finally {
        running -= 1;
      }
    },
    close: async () => {},
  };
  const engine = createReportEngine({
    // One organization whose model never changes while measured: version 0 throughout.
    modelling: {
      withWarehouse: (_organizationId, work) => work(recording),
      version: async () => 0,
      onChange: () => () => undefined,
    },
    // The generated accounts spend in euros, dollars, pounds and yen: shown in dollars.
    organizationCurrency: async () => 'USD',
  });
  const report = { document: MAYA_REPORT, model: MARKETING_SEMANTIC_MODEL };
  const organizationId = '00000000-0000-4000-8000-000000000000';
  const captured: Captured[][] = [];
  for (let k = 0; k <= runs; k++) {
    const row: Captured[] = [];
    for (const visual of VISUALS) {
      current = [];
      const { report: _slug, ...visualRequest } = request(visual, lastDay, k);
      const answer = await engine.query(organizationId, report, visualRequest);
      row.push({ statements: current, answer });
    }
    captured.push(row);
  }
  return captured;
}

/** Runs `tasks` at most `limit` at a time, as a browser's connection pool does. */
export async function limited<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      const task = tasks[i];
      if (task) results[i] = await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

export async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** One request's statements as the engine sent them: batch after batch, a batch's at once. */
async function replay(statements: readonly Statement[], run: (s: Statement) => Promise<void>): Promise<void> {
  for (let i = 0; i < statements.length;) {
    const batch = statements[i]?.batch;
    let end = i;
    while (end < statements.length && statements[end]?.batch === batch) end += 1;
    await Promise.all(statements.slice(i, end).map(run));
    i = end;
  }
}

/** DuckDB connections to one file, handed out one per running statement and kept for reuse. */
export type DuckDbConnections = { replay(statements: readonly Statement[]): Promise<void>; close(): void };

export async function duckDbConnections(instance: DuckDBInstance, warm: number): Promise<DuckDbConnections> {
  const all: DuckDBConnection[] = await Promise.all(Array.from({ length: warm }, () => instance.connect()));
  const free = [...all];
  const run = async ({ sql, params }: Statement) => {
    let conn = free.pop();
    if (conn === undefined) {
      conn = await instance.connect();
      all.push(conn);
    }
    try {
      const prepared = await conn.prepare(sql);
      try {
        prepared.bind(params as never);
        // Every row read, as the engine reads them.
        (await prepared.runAndReadAll()).getRowObjectsJS();
      } finally {
        prepared.destroySync();
      }
    } finally {
      free.push(conn);
    }
  };
  return {
    replay: (statements) => replay(statements, run),
    close: () => {
      for (const c of all) c.closeSync();
    },
  };
}

/** The same on PostgreSQL, each statement on a pooled connection. */
export function replayPostgres(pool: pg.Pool, statements: readonly Statement[]): Promise<void> {
  return replay(statements, async ({ sql, params }) => {
    await pool.query(sql, params);
  });
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}
