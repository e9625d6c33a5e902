#!/usr/bin/env node
// `npm run bench:health`: throughput and latency of GET /api/health on the production build.
// Builds what is stale, starts the app as production (NODE_ENV=production, a random SECRET_KEY,
// embedded PostgreSQL in a fresh DATA_DIR), warms up, loads it with autocannon, prints a table
// against the goals and writes bench/results/api-health.json. The app is always stopped and its
// DATA_DIR removed, also on failure or Ctrl-C.
//
// BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 50) change the load.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, REPO_ROOT, startApp } from '@maya/e2e/app-process';

const NAME = 'api-health';
const RESULTS_FILE = path.join(REPO_ROOT, 'bench', 'results', `${NAME}.json`);
const WARM_UP_SECONDS = 2;
const GOALS = { requestsPerSecond: 5_000, p99Ms: 20 };

const settings = {
  duration: positiveInteger('BENCH_DURATION', 10),
  connections: positiveInteger('BENCH_CONNECTIONS', 50),
  pipelining: 1,
};

let running = null; // the autocannon instance under way, stopped on Ctrl-C
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the benchmark and the app…`);
    running?.stop();
  });
}

let app;
try {
  await buildApp();
  app = await startApp({
    label: 'maya-bench',
    env: { NODE_ENV: 'production', SECRET_KEY: randomBytes(36).toString('base64url'), LOG_LEVEL: 'warn' },
  });
} catch (error) {
  // startApp has already stopped whatever it started.
  console.error(
    interrupted ? 'Interrupted while starting the app.' : error instanceof Error ? error.message : error,
  );
  process.exit(interrupted ? 130 : 1);
}
let failed = false;
try {
  // 127.0.0.1, not localhost: in production the app listens on IPv4 only.
  const url = `http://127.0.0.1:${app.port}/api/health`;
  console.log(
    `GET ${url}: warm-up ${WARM_UP_SECONDS} s, then ${settings.connections} connections for ${settings.duration} s`,
  );
  if (!interrupted) await load({ url, ...settings, duration: WARM_UP_SECONDS });
  const result = interrupted ? null : await load({ url, ...settings });
  if (result && !interrupted) {
    const summary = summarise(result);
    printTable(summary);
    await writeResults(summary);
    failed = summary.non2xx > 0 || summary.errors > 0;
    if (failed) console.error('\nThe app answered with errors: these numbers do not measure a healthy app.');
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  try {
    await app.stop();
  } catch (error) {
    failed = true;
    console.error(error instanceof Error ? error.message : error);
  }
}
process.exitCode = interrupted ? 130 : failed ? 1 : 0;

function load(options) {
  return new Promise((resolve, reject) => {
    running = autocannon({ ...options, method: 'GET' }, (error, result) => {
      running = null;
      if (error) reject(error);
      else resolve(result);
    });
  });
}

function summarise(result) {
  const requestsPerSecond = result.requests.average;
  const { p50, p97_5, p99 } = result.latency;
  return {
    benchmark: NAME,
    measuredAt: new Date().toISOString(),
    machine: {
      cpus: os.availableParallelism(),
      cpuModel: os.cpus()[0]?.model ?? null,
      node: process.version,
      // Other work on the machine skews the numbers: its 1-minute load average when the run ended.
      loadAverage1m: Number(os.loadavg()[0].toFixed(2)),
    },
    settings,
    requestsPerSecond,
    latencyMs: { p50, p97_5, p99, average: result.latency.average, max: result.latency.max },
    totalRequests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    goals: {
      requestsPerSecond: {
        target: `>= ${GOALS.requestsPerSecond}`,
        pass: requestsPerSecond >= GOALS.requestsPerSecond,
      },
      p99Ms: { target: `< ${GOALS.p99Ms}`, pass: p99 < GOALS.p99Ms },
    },
  };
}

function printTable(s) {
  const verdict = (pass) => (pass ? 'PASS' : 'MISS');
  const rows = [
    [
      'requests/s (average)',
      format(s.requestsPerSecond),
      s.goals.requestsPerSecond.target,
      verdict(s.goals.requestsPerSecond.pass),
    ],
    ['latency p50 (ms)', format(s.latencyMs.p50), '', ''],
    ['latency p97.5 (ms)', format(s.latencyMs.p97_5), '', ''],
    ['latency p99 (ms)', format(s.latencyMs.p99), s.goals.p99Ms.target, verdict(s.goals.p99Ms.pass)],
    ['non-2xx responses', String(s.non2xx), '0', verdict(s.non2xx === 0)],
    ['errors (incl. timeouts)', String(s.errors), '0', verdict(s.errors === 0)],
  ];
  const header = ['GET /api/health', 'measured', 'goal', ''];
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i].length)));
  const line = (row) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
  console.log(
    `\n${s.totalRequests} requests in ${s.settings.duration} s, ${s.settings.connections} connections, ` +
      `${s.machine.cpus} CPUs (${s.machine.cpuModel}), load average ${s.machine.loadAverage1m}, Node ${s.machine.node}`,
  );
}

async function writeResults(summary) {
  await mkdir(path.dirname(RESULTS_FILE), { recursive: true });
  await writeFile(RESULTS_FILE, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`results: ${path.relative(process.cwd(), RESULTS_FILE)}`);
}

function format(value) {
  return value.toLocaleString('en-US', { maximumFractionDigits: value < 100 ? 2 : 0 });
}

function positiveInteger(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`${name}=${JSON.stringify(raw)}: expected a positive integer`);
    process.exit(2);
  }
  return value;
}
