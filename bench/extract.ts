// `npm run bench:extract`: rows per second extracted from the sandbox for Google Ads search terms.
// Starts the sandbox Google Ads API on a local port, mints a token as if the user had consented,
// then runs the production connector over real HTTP for one account and a year of days, keeping
// the rows in memory (the goal: at least 50,000 rows/s). Prints a table and writes
// bench/results/extract.json. BENCH_DAYS (default 365) and BENCH_RUNS (default 3) change it.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connectorContext, SANDBOX_OAUTH_CLIENT } from '@maya/connectors';
import { addDays, utcDay } from '@maya/contracts';
import { googleAdsConnector, GOOGLE_ADS_SCOPE } from '@maya/connectors/services/google-ads';
import { googleAdsSandbox, GOOGLE_ADS_SANDBOX_PREFIX } from '@maya/connectors/sandbox';
import { mintTokens, startHarness } from '@maya/connectors/testing';

const GOAL_ROWS_PER_SECOND = 50_000;
const STREAM = 'search_terms';
const days = Number(process.env.BENCH_DAYS ?? 365);
const runs = Number(process.env.BENCH_RUNS ?? 3);

const harness = await startHarness({
  apis: [{ prefix: GOOGLE_ADS_SANDBOX_PREFIX, plugin: googleAdsSandbox }],
});
try {
  const tokens = mintTokens(harness.stores.google, {
    clientId: SANDBOX_OAUTH_CLIENT.clientId,
    scopes: [GOOGLE_ADS_SCOPE],
  });
  const context = connectorContext({
    connector: googleAdsConnector,
    endpoints: harness.endpoints,
    clients: harness.clients,
    credentials: { kind: 'oauth2', tokens },
  });
  const accounts = await googleAdsConnector.listAccounts(context);
  const account = accounts.find((a) => a.selectable);
  if (!account) throw new Error('the sandbox offers no Google Ads account');
  const to = addDays(utcDay(harness.now()), -1);
  const range = { from: addDays(to, -(days - 1)), to };

  const results: { rows: number; seconds: number; rowsPerSecond: number; peakRssMb: number }[] = [];
  for (let run = 1; run <= runs; run++) {
    const rows: unknown[] = [];
    let peakRss = process.memoryUsage().rss;
    const started = performance.now();
    for await (const batch of googleAdsConnector.extract(
      context,
      { identifier: account.identifier, parent_id: account.parent_id, metadata: {} },
      range,
      [STREAM],
    )) {
      if (batch.stream === STREAM) for (const row of batch.rows) rows.push(row);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }
    const seconds = (performance.now() - started) / 1000;
    results.push({
      rows: rows.length,
      seconds,
      rowsPerSecond: rows.length / seconds,
      peakRssMb: peakRss / 2 ** 20,
    });
  }

  const best = Math.max(...results.map((r) => r.rowsPerSecond));
  console.log(
    `Google Ads ${STREAM}: account ${account.identifier}, ${range.from} to ${range.to} (${days} days)`,
  );
  console.table(
    results.map((r, i) => ({
      run: i + 1,
      rows: r.rows,
      seconds: r.seconds.toFixed(2),
      'rows/s': Math.round(r.rowsPerSecond),
      'peak RSS MB': Math.round(r.peakRssMb),
    })),
  );
  const verdict = best >= GOAL_ROWS_PER_SECOND ? 'meets' : 'MISSES';
  console.log(`best ${Math.round(best)} rows/s ${verdict} the goal of ${GOAL_ROWS_PER_SECOND} rows/s`);
  const file = path.join(import.meta.dirname, 'results', 'extract.json');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(
    file,
    `${JSON.stringify({ stream: STREAM, days, runs: results, bestRowsPerSecond: best, goal: GOAL_ROWS_PER_SECOND, cpus: os.cpus().length, at: new Date().toISOString() }, null, 2)}\n`,
  );
} finally {
  await harness.close();
}
