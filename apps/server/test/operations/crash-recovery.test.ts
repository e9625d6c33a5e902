// `kill -9` of the app in the middle of a data load, its embedded PostgreSQL killed with it (as a
// power cut would leave them): the next start recovers the database (a stale postmaster.pid, WAL
// replay) and the warehouse file (DuckDB's WAL replay), takes the load up again, and ends with
// exactly the rows a clean load leaves.
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { withEmbeddedPostgres } from '@maya/embedded-postgres';
import { duckDbFileFor, type Row } from '@maya/warehouse';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretsFrom } from '../../src/platform/secrets';
import { borrowWarehouseFiles } from '../../src/platform/warehouse-files';
import { call } from '../support/accounts';
import { TEST_SECRET_KEY } from '../support/constants';
import { startSmtp } from '../support/smtp';
import { accountSettled, connectGoogleAds, organizationOwner } from '../support/sources';
import { googleAdsSnapshot } from '../support/warehouse-snapshot';
import {
  baseEnv,
  SHORT_HISTORY,
  dataFolder,
  groupAlive,
  processesUsing,
  startServer,
  until,
  type ServerProcess,
} from './processes';
import { startSandboxHost } from './sandbox-host';

type Progress = { running: boolean; description: string; points: number };

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let sandbox: Awaited<ReturnType<typeof startSandboxHost>>;
let dataDir = '';
const servers: ServerProcess[] = [];
const log = Fastify({ logger: false }).log;

beforeAll(async () => {
  smtp = await startSmtp();
  sandbox = await startSandboxHost();
  dataDir = await dataFolder('crash');
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await sandbox.close();
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The app on the test's data folder, its embedded PostgreSQL, the sandbox outside it. */
async function serve(): Promise<ServerProcess> {
  const server = await startServer(
    'main',
    baseEnv({
      DATA_DIR: dataDir,
      SECRET_KEY: TEST_SECRET_KEY,
      SMTP_URL: smtp.url,
      APP_URL: sandbox.url,
      LOG_LEVEL: 'warn',
      ...SHORT_HISTORY,
    }),
  );
  servers.push(server);
  return server;
}

/** The organization's raw tables, read through the running app's database (it lets go of the file). */
function snapshot(organizationId: string): Promise<Row[]> {
  const secrets = secretsFrom(TEST_SECRET_KEY);
  const access = {
    dataDir,
    superPassword: secrets.derive('embedded-postgres-superuser'),
    ownerPassword: secrets.derive('embedded-postgres-owner'),
    log,
  };
  return withEmbeddedPostgres(access, async ({ ownerUrl }) => {
    const borrowed = await borrowWarehouseFiles({ ownerUrl, lockWaitMs: 120_000, log });
    try {
      return await googleAdsSnapshot(duckDbFileFor(dataDir, organizationId), borrowed.sharing);
    } finally {
      await borrowed.close();
    }
  });
}

describe('kill -9 during a data load', () => {
  it('recovers the database and the warehouse on the next start, resumes the load and loses nothing', async () => {
    const first = await serve();
    const served = { base: first.base, smtp };
    const owner = await organizationOwner(served, 'crash-owner@example.com');
    const { accounts } = await connectGoogleAds(served, owner, 1);
    for (const account of accounts) {
      expect(await accountSettled(served, owner, account.uuid, 900_000)).toMatchObject({
        sync_status: 'finished',
      });
    }
    const before = await snapshot(owner.organizationId);
    expect(before.at(-1)).toEqual({ staged: 0 });

    const get = async (api: string, base: string) =>
      (await call(base, 'GET', `${api}?organization_id=${owner.organizationId}`, { token: owner.token }))
        .body;
    // The account's third request waits an hour on a rate limit: the run is then in the
    // middle of its load, part of its rows staged in the warehouse. (The run loads the
    // accounts in the order the sources list shows them.)
    const listed = (await get('/service_accounts', first.base)).service_accounts as { identifier: string }[];
    const second = listed.at(-1)!;
    const path_ = `/customers/${second.identifier}/`;
    expect(
      await sandbox.faults('google-ads', [{ kind: 'rate_limit', retry_after_s: 3600, path: path_, skip: 2 }]),
    ).toBe(1);
    const started = await call(first.base, 'POST', '/etl/trigger', {
      token: owner.token,
      body: { organization_id: owner.organizationId },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await until('the run to reach the fault', async () =>
      (await sandbox.faults('google-ads')) === 0 ? true : null,
    );
    expect(await get('/etl/progress', first.base)).toMatchObject({
      running: true,
      description: expect.stringContaining('(1 of 1)'),
    });

    // kill -9 of the app and of its PostgreSQL (the postmaster and every backend: its group).
    const postmaster = Number(
      (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
    expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    process.kill(-postmaster, 'SIGKILL');
    await until('PostgreSQL to be gone', async () => (groupAlive(postmaster) ? null : true));
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(true); // left stale
    const warehouseWal = `${duckDbFileFor(dataDir, owner.organizationId)}.wal`;
    console.log(`after kill -9: DuckDB WAL present: ${existsSync(warehouseWal)}`);

    const next = await serve();
    // Signed in again through the session's cookie: the session outlived the crash.
    const refreshed = await call(next.base, 'POST', '/auth/refresh_token', { cookie: owner.cookie });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    owner.token = refreshed.body.access_token as string;
    const ended = await until(
      'the resumed run to end',
      async () => {
        const progress = (await get('/etl/progress', next.base)) as Progress;
        return progress.running ? null : progress;
      },
      { context: async () => `${JSON.stringify(await get('/etl/progress', next.base))}\n${next.output()}` },
    );
    expect(ended).toMatchObject({ running: false, points: 100 });
    const logs = await get('/etl/logs', next.base);
    const runs = logs.all_logs.flatMap((day: { runs: { step: string }[] }) => day.runs);
    expect(runs.filter((run: { step: string }) => !run.step.startsWith('First load of'))).toEqual([
      expect.objectContaining({ status: 'finished', error: null }),
    ]);
    for (const account of accounts) {
      expect(await accountSettled({ base: next.base, smtp }, owner, account.uuid)).toMatchObject({
        sync_status: 'finished',
      });
    }
    expect(await snapshot(owner.organizationId)).toEqual(before);

    expect(await next.stop()).toEqual({ code: 0, signal: null });
    expect(processesUsing(dataDir)).toEqual([]);
  }, 1_800_000);
});
