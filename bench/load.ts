// `npm run bench:load`: rows per second from the sandbox to a queryable DuckDB table, end to end,
// for one year of Google Ads search terms, and the loading process's peak RSS. The sandbox
// Google Ads API runs in a child process (bench/load-sandbox.ts, forked with tsx), which mints a
// token as if the user had consented; this process runs the ETL module's own load of one
// account (extract over real HTTP batch by batch → staged table → swap) into a fresh DuckDB file,
// then counts the rows with a query. Peak RSS is this process's alone (Node, the connector, the
// DuckDB library and engine), sampled every 20 ms and after every batch; the sandbox's memory is
// not in it. Goals: at least 100,000 rows/s, and a peak RSS under 500 MB whatever the size (the
// load streams). Prints a table and writes bench/results/load.json. BENCH_DAYS (default 365) and
// BENCH_RUNS (default 3) change it.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connectorContext, sandboxClients, type ProviderEndpoints } from '@maya/connectors';
import { addDays, utcDay } from '@maya/contracts';
import { googleAdsConnector } from '@maya/connectors/services/google-ads';
import { openDuckDbWarehouse } from '@maya/warehouse';
import { loadAccount, RAW_SCHEMA, rawTableName } from '@maya/server/bench';
import type { SandboxReady } from './load-sandbox';

const GOAL_ROWS_PER_SECOND = 100_000;
const GOAL_PEAK_RSS_MB = 500;
const STREAM = 'search_terms';
const days = Number(process.env.BENCH_DAYS ?? 365);
const runs = Number(process.env.BENCH_RUNS ?? 3);

const folder = await mkdtemp(path.join(os.tmpdir(), 'maya-bench-load-'));
const sandbox = fork(path.join(import.meta.dirname, 'load-sandbox.ts'), {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
try {
  const [ready] = (await Promise.race([
    once(sandbox, 'message'),
    once(sandbox, 'exit').then(([code]) => {
      throw new Error(`the sandbox process exited (${String(code)}) before it was ready`);
    }),
  ])) as [SandboxReady];
  const context = connectorContext({
    connector: googleAdsConnector,
    endpoints: ready.endpoints as ProviderEndpoints,
    clients: sandboxClients(),
    credentials: { kind: 'oauth2', tokens: ready.tokens },
  });
  const accounts = await googleAdsConnector.listAccounts(context);
  const chosen = accounts.find((a) => a.selectable);
  if (!chosen) throw new Error('the sandbox offers no Google Ads account');
  const account = { identifier: chosen.identifier, parent_id: chosen.parent_id, metadata: {} };
  const to = addDays(utcDay(ready.now), -1);
  const range = { from: addDays(to, -(days - 1)), to };
  const table = rawTableName(googleAdsConnector.id, STREAM);
  // What this process (Node, the connector, DuckDB's library) holds before any load.
  const baselineRssMb = process.memoryUsage().rss / 2 ** 20;

  const results: {
    rows: number;
    counted: number;
    seconds: number;
    closeSeconds: number;
    rowsPerSecond: number;
    peakRssMb: number;
  }[] = [];
  for (let run = 1; run <= runs; run++) {
    const file = path.join(folder, `run-${run}.duckdb`);
    let peakRss = process.memoryUsage().rss;
    const sample = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
    const started = performance.now();
    const warehouse = await openDuckDbWarehouse({ file });
    let counted = 0;
    let rows = 0;
    let seconds = 0;
    let closeSeconds = 0;
    try {
      rows = (
        await loadAccount({
          warehouse,
          connector: googleAdsConnector,
          context,
          account,
          range,
          streams: [STREAM],
          onBatch: () => (peakRss = Math.max(peakRss, process.memoryUsage().rss)),
        })
      ).rows;
      const result = await warehouse.query(`SELECT count(*) AS n FROM ${RAW_SCHEMA}.${table}`, [], {
        timeoutMs: 60_000,
      });
      counted = Number(result.rows[0]?.n);
      // The clock stops once the rows are committed and answer a query. Closing the handle
      // (DuckDB checkpoints the WAL into the file) is teardown: the product keeps warehouses open
      // and DuckDB checkpoints on its own; the commit is already durable in the WAL.
      seconds = (performance.now() - started) / 1000;
    } finally {
      const closing = performance.now();
      await warehouse.close();
      closeSeconds = (performance.now() - closing) / 1000;
      clearInterval(sample);
    }
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    if (counted !== rows) throw new Error(`loaded ${rows} rows but the table has ${counted}`);
    results.push({
      rows,
      counted,
      seconds,
      closeSeconds,
      rowsPerSecond: counted / seconds,
      peakRssMb: peakRss / 2 ** 20,
    });
  }

  const best = Math.max(...results.map((r) => r.rowsPerSecond));
  const peak = Math.max(...results.map((r) => r.peakRssMb));
  console.log(
    `Google Ads ${STREAM} → DuckDB ${RAW_SCHEMA}.${table}: account ${account.identifier}, ${range.from} to ${range.to} (${days} days)`,
  );
  console.table(
    results.map((r, i) => ({
      run: i + 1,
      rows: r.counted,
      seconds: r.seconds.toFixed(2),
      'close (checkpoint) s': r.closeSeconds.toFixed(2),
      'rows/s': Math.round(r.rowsPerSecond),
      'peak RSS MB': Math.round(r.peakRssMb),
    })),
  );
  const speed = best >= GOAL_ROWS_PER_SECOND ? 'meets' : 'MISSES';
  const memory = peak < GOAL_PEAK_RSS_MB ? 'meets' : 'MISSES';
  console.log(`best ${Math.round(best)} rows/s ${speed} the goal of ${GOAL_ROWS_PER_SECOND} rows/s`);
  console.log(
    `peak RSS ${Math.round(peak)} MB ${memory} the goal of under ${GOAL_PEAK_RSS_MB} MB ` +
      `(${Math.round(baselineRssMb)} MB before the first load; the sandbox runs in a child process)`,
  );
  const out = path.join(import.meta.dirname, 'results', 'load.json');
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(
    out,
    `${JSON.stringify({ stream: STREAM, days, runs: results, bestRowsPerSecond: best, peakRssMb: peak, baselineRssMb, goals: { rowsPerSecond: GOAL_ROWS_PER_SECOND, peakRssMb: GOAL_PEAK_RSS_MB }, cpus: os.cpus().length, at: new Date().toISOString() }, null, 2)}\n`,
  );
} finally {
  if (sandbox.connected) sandbox.disconnect();
  if (sandbox.exitCode === null) await once(sandbox, 'exit');
  await rm(folder, { recursive: true, force: true });
}
