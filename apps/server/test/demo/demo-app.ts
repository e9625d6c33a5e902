// The app the demo-data tests run, as `npm start` runs it in development, and what they read of
// the demo organization through its API while its data loads: one app at a time on one database
// and data directory, shared by the tests of a file, which run in order.
import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MAYA_REPORT } from '@maya/analytics';
import { expect } from 'vitest';
import { buildApp } from '../../src/app';
import { DEMO_DATA_QUEUE, DEMO_SOURCES, demoDataEnabled } from '../../src/modules/demo';
import { loadConfig } from '../../src/platform/config';
import { call, freePort, type AccountsApp } from '../support/accounts';
import { TEST_SECRET_KEY } from '../support/constants';
import { createTestDatabase } from '../support/database';
import { startSmtp } from '../support/smtp';

export type Account = {
  uuid: string;
  service: string;
  identifier: string;
  sync_status: string;
  sync_error: string | null;
  connected_at: string;
  last_synced_at: string | null;
};

export const CHANNELS = ['Google Ads', 'Meta Ads', 'Microsoft Ads'];
/** Generous: the loads share two cores with whatever else runs. */
export const LOAD_TIMEOUT_MS = 300_000;
const PLANNED = DEMO_SOURCES.reduce((sum, s) => sum + s.identifiers.length, 0);

/** The running app, the user who reads the demo (a member of nothing) and the demo's id. */
export const demo = {} as { t: AccountsApp; visitor: { token: string; userId: string }; id: string };

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let databaseUrl: string;
let dataDir: string;
let port: number;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The mail server, a database and a data directory of their own (beforeAll). */
export async function setUpDemoApps(): Promise<void> {
  smtp = await startSmtp();
  databaseUrl = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'maya-demo-'));
  await chmod(dataDir, 0o755);
  port = await freePort();
}

/** Closes the app and the mail server and removes the data directory (afterAll). */
export async function tearDownDemoApps(): Promise<void> {
  await demo.t?.close();
  await smtp?.close();
  await rm(dataDir, { recursive: true, force: true });
}

/** The app as `npm start` runs it in development, on the shared database and data directory. */
export async function startApp(overrides: Record<string, string> = {}, listen = true): Promise<AccountsApp> {
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    SECRET_KEY: TEST_SECRET_KEY,
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    PORT: String(port),
    ...overrides,
  });
  expect(demoDataEnabled(config)).toBe(true);
  const app = await buildApp(config);
  if (listen) await app.listen({ port, host: '127.0.0.1' });
  return { app, config, smtp, base: config.appUrl, close: () => app.close() };
}

export async function demoAccounts(): Promise<Account[]> {
  const listed = await call(demo.t.base, 'GET', `/service_accounts?organization_id=${demo.id}`, {
    token: demo.visitor.token,
  });
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return listed.body.service_accounts as Account[];
}

/** Spend by channel over the last 30 days: the -maya overview's donut. */
export function spendByChannel() {
  return call(demo.t.base, 'POST', '/reports/-maya/query', {
    token: demo.visitor.token,
    body: {
      organization_id: demo.id,
      report: '-maya',
      page: 'overview',
      visual_id: 'spend-by-channel',
      filters: MAYA_REPORT.filters,
      date_range: null,
      sort: null,
    },
  });
}

/** Every planned account, once each has finished or failed loading. */
export async function settled(timeoutMs: number): Promise<Account[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const accounts = await demoAccounts();
    const done = accounts.every((a) => a.sync_status === 'finished' || a.sync_status === 'failed');
    if (accounts.length === PLANNED && done) return accounts;
    if (Date.now() > deadline) throw new Error(`not settled: ${JSON.stringify(accounts)}`);
    await sleep(500);
  }
}

/** Waits for the demo pass queued after `since` to end; its state. */
export async function passAfter(since: Date): Promise<string> {
  const boss = demo.t.app.platform.jobs.boss;
  for (;;) {
    const jobs = (await boss.findJobs(DEMO_DATA_QUEUE)).filter((j) => j.createdOn >= since);
    const ended = jobs.find((j) => ['completed', 'failed'].includes(j.state));
    if (ended) return ended.state;
    await sleep(200);
  }
}

/** Every demo pass so far, once none is waiting or running. */
export async function endedPasses() {
  const boss = demo.t.app.platform.jobs.boss;
  for (;;) {
    const jobs = await boss.findJobs(DEMO_DATA_QUEUE);
    if (jobs.every((j) => ['completed', 'failed', 'cancelled'].includes(j.state))) return jobs;
    await sleep(200);
  }
}
