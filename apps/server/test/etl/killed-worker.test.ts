// A worker killed in the middle of a data load: the run is picked up again by another worker and
// ends with exactly the rows a clean load leaves (no duplicate, no lost row).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { duckDbFileFor } from '@maya/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { TEST_SECRET_KEY } from '../support/constants';
import { accountSettled, connectGoogleAds, organizationOwner } from '../support/sources';
import { GOOGLE_ADS_STREAMS, googleAdsSnapshot } from '../support/warehouse-snapshot';

type Owner = Awaited<ReturnType<typeof organizationOwner>>;
type Account = { uuid: string; identifier: string; name: string; sync_status: string };

const REPO = path.resolve(import.meta.dirname, '../../../..');

let t: AccountsApp;
let owner: Owner;
let accounts: Account[];
const workers: ChildProcess[] = [];
const stderr: string[] = [];
const killed = new Set<ChildProcess>();
let crashed: string | null = null;

function kill(worker: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  killed.add(worker);
  worker.kill(signal);
  return exited(worker);
}

/** `npm run worker` as a separate process on the test's database and data directory. */
function startWorker(): ChildProcess {
  const worker = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: t.config.databaseUrl ?? '',
      DATA_DIR: t.config.dataDir,
      SECRET_KEY: TEST_SECRET_KEY,
      APP_URL: t.base,
      SMTP_URL: t.smtp.url,
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  worker.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  worker.once('exit', (code, signal) => {
    if (!killed.has(worker)) crashed = `the worker exited (${code ?? signal}): ${stderr.join('')}`;
  });
  workers.push(worker);
  return worker;
}

function exited(worker: ChildProcess): Promise<void> {
  if (worker.exitCode !== null || worker.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => worker.once('exit', () => resolve()));
}

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 120_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    if (crashed) throw new Error(crashed);
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const get = async (pathname: string) =>
  (await call(t.base, 'GET', `${pathname}?organization_id=${owner.organizationId}`, { token: owner.token }))
    .body;

async function armedFaults(faults: object[] = []): Promise<number> {
  const response = await fetch(`${t.base}/sandbox/google-ads/_sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ faults }),
  });
  return ((await response.json()) as { armed: number }).armed;
}

/** The raw tables, read while the workers keep the file open: asked to, they let go. */
const snapshot = () =>
  googleAdsSnapshot(
    duckDbFileFor(t.config.dataDir, owner.organizationId),
    t.app.platform.warehouseFiles.sharing,
  );

beforeAll(async () => {
  // The API process here works no job: the workers are separate processes, as in production.
  t = await startAccountsApp({ RUN_WORKER: 'false' });
  owner = await organizationOwner(t, 'etl-killed@example.com');
  const connected = await connectGoogleAds(t, owner, 2);
  startWorker();
  for (const account of connected.accounts) {
    const settled = await until('the first load', async () => {
      const listed = (await get('/service_accounts')).service_accounts as Account[];
      const status = listed.find((a) => a.uuid === account.uuid)?.sync_status;
      return status === 'finished' || status === 'failed' ? status : null;
    });
    expect(settled).toBe('finished');
  }
  accounts = (await get('/service_accounts')).service_accounts as Account[];
}, 240_000);

afterAll(async () => {
  await Promise.all(workers.map((worker) => kill(worker, 'SIGKILL')));
  await t.close();
});

describe('a worker killed mid-run', () => {
  it('has its run picked up again by another worker, with no duplicate and no lost row', async () => {
    const before = await snapshot();
    expect(before.at(-1)).toEqual({ staged: 0 });
    expect(before.length).toBeGreaterThan(GOOGLE_ADS_STREAMS);

    // The second account's third request waits a minute on a rate limit: the worker is then in
    // the middle of that account's load, with part of its rows staged.
    const second = accounts[1]!;
    expect(
      await armedFaults([
        { kind: 'rate_limit', retry_after_s: 3600, path: `/customers/${second.identifier}/`, skip: 2 },
      ]),
    ).toBe(1);
    const started = await call(t.base, 'POST', '/etl/trigger', {
      token: owner.token,
      body: { organization_id: owner.organizationId },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await until('the fault to be hit', async () => ((await armedFaults()) === 0 ? true : null));
    const midway = await get('/etl/progress');
    expect(midway).toMatchObject({ running: true, description: expect.stringContaining('(2 of 2)') });

    const [first] = workers;
    await kill(first!, 'SIGKILL');
    expect((await get('/etl/progress')).running).toBe(true); // nobody ended it

    startWorker();
    const ended = await until('the run to end', async () => {
      const progress = await get('/etl/progress');
      return progress.running ? null : progress;
    }).catch(async (error: unknown) => {
      const jobs = await t.app.platform.jobs.boss.findJobs('etl.run');
      throw new Error(`${String(error)}; jobs: ${JSON.stringify(jobs)}; worker: ${stderr.join('')}`);
    });
    expect(ended).toMatchObject({ running: false, points: 100 });
    const logs = await get('/etl/logs');
    // One run, besides the accounts' first loads (history entries of their own).
    const runs = logs.all_logs.flatMap((day: { runs: { step: string }[] }) => day.runs);
    expect(runs.filter((run: { step: string }) => !run.step.startsWith('First load of'))).toEqual([
      expect.objectContaining({ status: 'finished', error: null }),
    ]);
    for (const account of accounts) {
      expect(await accountSettled(t, owner, account.uuid)).toMatchObject({ sync_status: 'finished' });
    }

    // The second worker lets go of the warehouse file when stopped; then the tables are compared.
    const [, replacement] = workers;
    await kill(replacement!, 'SIGTERM');
    expect(await snapshot()).toEqual(before);
  }, 240_000);
});
