// Scale-out on one PostgreSQL (DESIGN.md): two API processes (RUN_WORKER=false) and two workers
// (`npm run worker`), real processes sharing a database and a data folder. A load runs once,
// never twice; both API processes answer the new data as soon as it is in (the model version's
// NOTIFY); and a worker killed in the middle of a run loses nothing: the other one takes it up
// and it ends with exactly the rows a clean load leaves.
import { readdirSync, readlinkSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { duckDbFileFor, type Row } from '@maya/warehouse';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowWarehouseFiles } from '../../src/platform/warehouse-files';
import { call } from '../support/accounts';
import { TEST_SECRET_KEY } from '../support/constants';
import { createTestDatabase } from '../support/database';
import { startSmtp } from '../support/smtp';
import { accountSettled, connectGoogleAds, organizationOwner } from '../support/sources';
import { GOOGLE_ADS_STREAMS, googleAdsSnapshot } from '../support/warehouse-snapshot';
import { dailyReport } from './daily-report';
import { SHORT_HISTORY, baseEnv, dataFolder, startServer, until, type ServerProcess } from './processes';
import { startSandboxHost } from './sandbox-host';

type Owner = Awaited<ReturnType<typeof organizationOwner>>;
type Progress = { running: boolean; description: string; points: number };

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let sandbox: Awaited<ReturnType<typeof startSandboxHost>>;
let databaseUrl = '';
let dataDir = '';
let apis: ServerProcess[] = [];
let workers: ServerProcess[] = [];
const log = Fastify({ logger: false }).log;

beforeAll(async () => {
  [smtp, sandbox, databaseUrl, dataDir] = await Promise.all([
    startSmtp(),
    startSandboxHost(),
    createTestDatabase(),
    dataFolder('scale-out'),
  ]);
  const env = (extra: Record<string, string>) =>
    baseEnv({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SECRET_KEY: TEST_SECRET_KEY,
      SMTP_URL: smtp.url,
      APP_URL: sandbox.url, // the providers' callbacks; each API process listens on its own port
      ...SHORT_HISTORY,
      ...extra,
    });
  // One process migrates first; the others find the schema in place.
  const firstApi = await startServer('main', env({ RUN_WORKER: 'false', LOG_LEVEL: 'warn' }));
  const rest = await Promise.all([
    startServer('main', env({ RUN_WORKER: 'false', LOG_LEVEL: 'warn' })),
    startServer('worker', env({})),
    startServer('worker', env({})),
  ]);
  apis = [firstApi, rest[0]];
  workers = [rest[1], rest[2]];
}, 300_000);

afterAll(async () => {
  await Promise.all([...apis, ...workers].map((server) => server.stop()));
  await sandbox.close();
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
});

const reportOn = (base: string, owner: Owner) => dailyReport(base, owner.token, owner.organizationId);

/** The worker process that has the organization's warehouse file open (DuckDB: one at a time). */
function workerHolding(file: string): ServerProcess | null {
  const opened = (pid: number) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(file);
        } catch {
          return false;
        }
      });
    } catch {
      return false;
    }
  };
  return workers.find((worker) => opened(worker.pid)) ?? null;
}

describe('two API processes and two workers on one PostgreSQL', () => {
  it('run each load once, serve its data from both API processes at once, and survive a killed worker', async () => {
    const [one, two] = apis as [ServerProcess, ServerProcess];
    const owner = await organizationOwner({ base: one.base, smtp }, 'scale-out@example.com');
    const file = path.resolve(duckDbFileFor(dataDir, owner.organizationId));
    const get = async (api: string, base = two.base) =>
      (await call(base, 'GET', `${api}?organization_id=${owner.organizationId}`, { token: owner.token }))
        .body;

    // Both API processes have read the organization's model state: nothing loaded yet.
    for (const api of apis) {
      expect((await reportOn(api.base, owner)).body).toMatchObject({
        detail: { type: 'workspace_not_setup' },
      });
    }
    const { accounts } = await connectGoogleAds({ base: one.base, smtp }, owner, 1);
    for (const account of accounts) {
      expect(await accountSettled({ base: two.base, smtp }, owner, account.uuid, 900_000)).toMatchObject({
        sync_status: 'finished',
      });
    }
    // Right after the loads, without waiting: each process heard of the new model version.
    const loaded = await Promise.all(apis.map((api) => reportOn(api.base, owner)));
    for (const answer of loaded) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(loaded[0]!.body.rows.length).toBeGreaterThan(0);
    expect(loaded[1]!.body).toEqual(loaded[0]!.body);
    // Each account's first load ran once, whichever worker took it.
    const firstLoads = (await get('/etl/logs')).all_logs.flatMap(
      (day: { runs: { step: string }[] }) => day.runs,
    );
    expect(firstLoads).toHaveLength(accounts.length);

    const snapshot = async (): Promise<Row[]> => {
      const borrowed = await borrowWarehouseFiles({ ownerUrl: databaseUrl, lockWaitMs: 120_000, log });
      try {
        return await googleAdsSnapshot(file, borrowed.sharing);
      } finally {
        await borrowed.close();
      }
    };
    const before = await snapshot();
    expect(before.at(-1)).toEqual({ staged: 0 });
    expect(before.length).toBeGreaterThan(GOOGLE_ADS_STREAMS);

    // The account's third request waits an hour on a rate limit: the run is then in the
    // middle of its load, part of its rows staged. (The run loads the accounts in the order
    // the sources list shows them.)
    const listed = (await get('/service_accounts')).service_accounts as { identifier: string }[];
    const second = listed.at(-1)!;
    const fault = {
      kind: 'rate_limit',
      retry_after_s: 3600,
      path: `/customers/${second.identifier}/`,
      skip: 2,
    };
    expect(await sandbox.faults('google-ads', [fault])).toBe(1);
    // "Load data now" pressed on both API processes at once: one run.
    const triggered = await Promise.all(
      apis.map((api) =>
        call(api.base, 'POST', '/etl/trigger', {
          token: owner.token,
          body: { organization_id: owner.organizationId },
        }),
      ),
    );
    expect(triggered.map((answer) => answer.status).sort()).toEqual([202, 409]);
    await until('the run to reach the fault', async () =>
      (await sandbox.faults('google-ads')) === 0 ? true : null,
    );
    expect(await get('/etl/progress')).toMatchObject({
      running: true,
      description: expect.stringContaining('(1 of 1)'),
    });

    const busy = await until('the loading worker', async () => workerHolding(file));
    expect(await busy.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    expect((await get('/etl/progress')).running).toBe(true); // nobody ended it

    const ended = await until(
      'the other worker to finish the run',
      async () => {
        const progress = (await get('/etl/progress')) as Progress;
        return progress.running ? null : progress;
      },
      { context: async () => workers.map((worker) => worker.output()).join('\n---\n') },
    );
    expect(ended).toMatchObject({ running: false, points: 100 });
    const runs = (await get('/etl/logs')).all_logs.flatMap((day: { runs: { step: string }[] }) => day.runs);
    expect(runs.filter((run: { step: string }) => !run.step.startsWith('First load of'))).toEqual([
      expect.objectContaining({ status: 'finished', error: null }),
    ]);
    for (const account of accounts) {
      expect(await accountSettled({ base: one.base, smtp }, owner, account.uuid)).toMatchObject({
        sync_status: 'finished',
      });
    }
    expect(await snapshot()).toEqual(before);
    const after = await Promise.all(apis.map((api) => reportOn(api.base, owner)));
    for (const answer of after) expect(answer.body).toEqual(loaded[0]!.body);
  }, 1_800_000);
});
