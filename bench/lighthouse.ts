// `npm run bench:lighthouse`: Lighthouse's mobile performance audit (its default: a mid-range phone
// on a slow 4G network, simulated) of the sign-in page and of a dashboard with its charts, on the
// production build of the web app. Goal (issue 25): a performance score of at least 90 on both.
//
// Builds what is stale and starts the app as `npm start` does (NODE_ENV development: the demo
// organization and its sandbox data exist only there; the web app is the same production build
// in every mode, decision 308). Signs a new user up, waits for the demo organization's first
// loads, then audits each page BENCH_RUNS times (default 3) in Debian's Chromium, headless, and
// keeps the run of median score, as Lighthouse's documentation advises. The dashboard is audited
// signed in: the browser signs in through the API first, so its cookies are the ones a signed-in
// user has; each run starts with an empty HTTP cache. Prints a table against the goal and what
// Lighthouse flags, and writes bench/results/lighthouse.json with each page's median report.
//
// The CPU: Lighthouse simulates the phone from what this machine measured, slowing the page's
// main-thread work down 4 times, a factor meant for a fast desktop (benchmark index about 1500).
// The goal is judged on that default, Lighthouse's mobile score as anyone running it reads it.
// Each run is also audited from the same trace with the factor Lighthouse's throttling guide
// derives from the benchmark index of that run (150 → 1x, 800 → 2x, 1300 → 3x, 1533 → 4x, at most
// 10x; "calibrated"): a shared two-core machine under load measures 150 to 400 and a quiet one up
// to 3,900 with Chromium 156, so the same page reads very differently. The machine's load
// (`uptime`) and the benchmark index are printed with the figures.
import lighthouse, { type Result } from 'lighthouse';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { createVerifiedUser, PASSWORD, uniqueEmail, waitForDemoData } from '@maya/e2e/api';
import { buildApp, REPO_ROOT, startApp, type RunningApp } from '@maya/e2e/app-process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = positiveInteger('BENCH_RUNS', 3);
/** `BENCH_PAGES=sign-in` audits the sign-in page alone, without the demo's data (minutes of loads). */
const PAGES = (process.env.BENCH_PAGES ?? 'sign-in,dashboard').split(',').map((name) => name.trim());
const GOAL_SCORE = 90;
/** The demo's first loads: minutes on a busy two-core machine (over 10 at load average 25). */
const DEMO_TIMEOUT_MS = 25 * 60_000;
const RESULTS_FILE = path.join(REPO_ROOT, 'bench', 'results', 'lighthouse.json');
/** The audits that measure, not advise: shown in the table, not in the list of what is flagged. */
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

type Target = { name: string; path: string; signedIn: boolean; email: string };
type Audit = { score: number; lhr: Result };
/** One page load, audited with Lighthouse's CPU factor and with the calibrated one. */
type Run = { calibrated: Audit; standard: Audit };

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping after the current audit…`);
  });
}

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer, got ${raw}`);
  return value;
}

function load(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
}

/** A browser context of its own per page, so the sign-in page is audited with no session at all. */
async function pageFor(browser: Browser, baseUrl: string, target: Target): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  if (target.signedIn) {
    // Same origin, so the refresh cookie and the session hint land in this context's jar, as
    // after a sign-in; the app's session bootstrap turns them into a session on the page's load.
    await page.goto(`${baseUrl}/favicon.svg`);
    const status = await page.evaluate(
      async (credentials) =>
        (
          await fetch('/api/auth/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(credentials),
          })
        ).status,
      { email: target.email, password: PASSWORD },
    );
    if (status !== 200) throw new Error(`the browser's sign-in answered ${status}`);
  }
  return page;
}

/**
 * The CPU slowdown that makes this machine simulate Lighthouse's phone, from its benchmark index:
 * Lighthouse's throttling guide ("calibrating an appropriate CPU slowdown multiplier"), linear
 * between its points, never under 1 (no speed-up of a machine slower than the phone) and never
 * over 10, the top of the guide's range for a high-end desktop (its table ends at an index of
 * 2,000; Chromium 156 measures this machine at up to 3,900, which the line would make 14x).
 */
function calibratedSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return Math.min(10, 3 + (benchmarkIndex - 1300) / 233);
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

function scored(lhr: Result, url: string, expectedPath: string): Audit {
  if (lhr.runtimeError !== undefined)
    throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // A dashboard that bounced to the sign-in page would measure the wrong page.
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== expectedPath) throw new Error(`${url} ended on ${landed}, not ${expectedPath}`);
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined) throw new Error(`${url}: no performance score`);
  return { score: Math.round(score * 100), lhr };
}

/** One load of the page (its trace kept in a scratch folder), audited twice. */
async function audit(page: Page, url: string, expectedPath: string): Promise<Run> {
  const flags: Parameters<typeof lighthouse>[1] = {
    output: 'json',
    onlyCategories: ['performance'],
    logLevel: 'error',
  };
  const artifacts = await mkdtemp(path.join(os.tmpdir(), 'maya-lighthouse-'));
  try {
    const first = await lighthouse(
      url,
      { ...flags, gatherMode: artifacts, auditMode: artifacts },
      undefined,
      page,
    );
    if (first === undefined) throw new Error(`Lighthouse gave no result for ${url}`);
    const standard = scored(first.lhr, url, expectedPath);
    const throttling = {
      ...first.lhr.configSettings.throttling,
      cpuSlowdownMultiplier: calibratedSlowdown(first.lhr.environment.benchmarkIndex),
    };
    // Lighthouse audits saved artifacts only with the settings they were gathered with: the
    // calibrated audit rewrites the saved throttling (the simulation reads it from there).
    const saved = path.join(artifacts, 'artifacts.json');
    const gathered = JSON.parse(await readFile(saved, 'utf8')) as { settings: { throttling: unknown } };
    gathered.settings.throttling = throttling;
    await writeFile(saved, JSON.stringify(gathered));
    const again = await lighthouse(url, { ...flags, auditMode: artifacts, throttling });
    if (again === undefined) throw new Error(`Lighthouse gave no result for ${url} (calibrated)`);
    return { standard, calibrated: scored(again.lhr, url, expectedPath) };
  } finally {
    await rm(artifacts, { recursive: true, force: true });
  }
}

function median(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.standard.score - b.standard.score);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (middle === undefined) throw new Error('no run');
  return middle;
}

function numeric(lhr: Result, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined) throw new Error(`no ${id} in the report`);
  return value;
}

/** Lighthouse's own advice on the page, worst first: what it would save, or what it found. */
function flagged(lhr: Result): string[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  return refs
    .filter((ref) => !METRICS.includes(ref.id))
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (a) => a !== undefined && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative',
    )
    .sort((a, b) => (a?.score ?? 0) - (b?.score ?? 0))
    .map((a) => `${a?.title}${a?.displayValue ? `: ${a.displayValue}` : ''}`);
}

function row(target: Target, cpu: 'calibrated' | 'default', runs: Audit[], chosen: Audit) {
  const { lhr } = chosen;
  const seconds = (id: string) => Math.round(numeric(lhr, id) / 100) / 10;
  return {
    page: target.name,
    CPU: `${cpu} ${lhr.configSettings.throttling.cpuSlowdownMultiplier?.toFixed(1)}x`,
    score: chosen.score,
    runs: runs.map((r) => r.score).join(' '),
    'FCP s': seconds('first-contentful-paint'),
    'LCP s': seconds('largest-contentful-paint'),
    'TBT ms': Math.round(numeric(lhr, 'total-blocking-time')),
    CLS: Math.round(numeric(lhr, 'cumulative-layout-shift') * 1000) / 1000,
    'SI s': seconds('speed-index'),
    'transferred KiB': Math.round(numeric(lhr, 'total-byte-weight') / 1024),
    goal: cpu === 'default' ? `≥ ${GOAL_SCORE}` : '',
    '': cpu === 'default' ? (chosen.score >= GOAL_SCORE ? 'meets' : 'MISSES') : '',
  };
}

let app: RunningApp | null = null;
let browser: Browser | null = null;
let failed = false;
try {
  console.log(`load average before the build: ${load()}`);
  await buildApp();
  const withDashboard = PAGES.includes('dashboard');
  app = await startApp({
    label: 'maya-bench-lighthouse',
    env: {
      // The demo organization, whose dashboard is audited, exists in development only.
      NODE_ENV: withDashboard ? 'development' : 'test',
      LOG_LEVEL: 'warn',
      SECRET_KEY: randomBytes(36).toString('base64url'),
    },
  });
  const baseUrl = `http://127.0.0.1:${app.port}`;
  const email = uniqueEmail('bench.lighthouse');
  const token = await createVerifiedUser(baseUrl, email);
  const targets: Target[] = [];
  if (PAGES.includes('sign-in')) targets.push({ name: 'sign-in', path: '/sign-in', signedIn: false, email });
  if (withDashboard) {
    console.log('waiting for the demo organization’s loads, its older history included…');
    // The backfill of two years behind each first load would share the two cores with the browser:
    // the pages are audited once nothing loads.
    const demo = await waitForDemoData(baseUrl, token, DEMO_TIMEOUT_MS, { history: true });
    const dashboard = `/organization/${demo.slug}/dashboard/-demo`;
    targets.push({ name: 'dashboard (demo)', path: dashboard, signedIn: true, email });
  }
  if (targets.length === 0) throw new Error(`BENCH_PAGES names no page: ${PAGES.join(', ')}`);

  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    // As root Chromium runs only without its sandbox.
    args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
  });
  const rows = [];
  const reports: Record<string, Result> = {};
  for (const target of targets) {
    if (interrupted) break;
    const page = await pageFor(browser, baseUrl, target);
    const runs: Run[] = [];
    for (let run = 1; run <= RUNS && !interrupted; run += 1) {
      console.log(`${target.name}: run ${run} of ${RUNS} (load average ${load()})`);
      runs.push(await audit(page, `${baseUrl}${target.path}`, target.path));
    }
    if (runs.length === 0) break;
    const chosen = median(runs);
    rows.push(
      row(
        target,
        'default',
        runs.map((r) => r.standard),
        chosen.standard,
      ),
      row(
        target,
        'calibrated',
        runs.map((r) => r.calibrated),
        chosen.calibrated,
      ),
    );
    reports[target.name] = chosen.standard.lhr;
    failed ||= chosen.standard.score < GOAL_SCORE;
  }
  if (rows.length > 0) {
    console.log(`\nLighthouse ${Object.values(reports)[0]?.lighthouseVersion}, mobile, ${RUNS} runs a page`);
    console.table(rows);
    for (const [name, lhr] of Object.entries(reports)) {
      const advice = flagged(lhr);
      console.log(`\n${name} (benchmark index ${lhr.environment.benchmarkIndex}), flagged:`);
      console.log(advice.length > 0 ? advice.map((line) => `  - ${line}`).join('\n') : '  nothing');
    }
    console.log(`\nload average after: ${load()} (${os.cpus().length} CPUs)`);
    await mkdir(path.dirname(RESULTS_FILE), { recursive: true });
    await writeFile(
      RESULTS_FILE,
      `${JSON.stringify({ at: new Date().toISOString(), loadAverage: os.loadavg(), rows, reports }, null, 2)}\n`,
    );
    console.log(`reports: ${path.relative(REPO_ROOT, RESULTS_FILE)}`);
  }
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await browser?.close().catch((error: unknown) => console.error(error));
  try {
    await app?.stop();
  } catch (error) {
    failed = true;
    console.error(error instanceof Error ? error.message : error);
  }
}
process.exitCode = interrupted ? 130 : failed ? 1 : 0;
