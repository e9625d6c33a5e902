// Ctrl-C while the demo organization's data is loading (issue 25): `npm start`'s process cancels
// the running loads and stops in order, its embedded PostgreSQL (the postmaster and every
// backend) with it, leaving no process behind; the next start takes the loads up again. The
// shutdown's duration is printed, not asserted: the test waits for the exit itself.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, verifiedUser } from '../support/accounts';
import { startSmtp } from '../support/smtp';
import {
  SHORT_HISTORY,
  baseEnv,
  dataFolder,
  groupAlive,
  processesUsing,
  startServer,
  until,
  type ServerProcess,
} from './processes';
import { startSandboxHost } from './sandbox-host';

type Account = { uuid: string; service: string; sync_status: string };

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let sandbox: Awaited<ReturnType<typeof startSandboxHost>>;
let dataDir = '';
const servers: ServerProcess[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  sandbox = await startSandboxHost();
  dataDir = await dataFolder('shutdown');
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await sandbox.close();
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * `npm start` as a developer runs it: development mode, so the demo data loads from the sandbox,
 * here the one outside the app (its grants must outlive the app for a load to resume). A short
 * history: two years of demo backfill behind the loads only kept both cores busy.
 */
async function serve(): Promise<ServerProcess> {
  const server = await startServer(
    'main',
    baseEnv({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      APP_URL: sandbox.url,
      LOG_LEVEL: 'warn',
      ...SHORT_HISTORY,
    }),
  );
  servers.push(server);
  return server;
}

describe('Ctrl-C during the demo data load', () => {
  it('stops the app and its database with no process left, and the next start resumes the loads', async () => {
    const first = await serve();
    const user = await verifiedUser({ base: first.base, smtp }, 'shutdown@example.com');
    const demoAccounts = async (base: string, token = user.token) => {
      const { body } = await call(base, 'GET', '/organizations', { token });
      const demo = (body.organizations as { id: string; is_demo: boolean }[]).find((o) => o.is_demo);
      if (!demo) throw new Error('no demo organization in GET /organizations');
      const listed = await call(base, 'GET', `/service_accounts?organization_id=${demo.id}`, { token });
      return listed.body.service_accounts as Account[];
    };
    const loading = await until('a demo account to be loading', async () => {
      const accounts = await demoAccounts(first.base);
      if (accounts.length > 0 && accounts.every((a) => a.sync_status === 'finished'))
        throw new Error(`every demo load finished before one was seen running: ${JSON.stringify(accounts)}`);
      return accounts.find((a) => a.sync_status === 'running') ?? null;
    });
    const postmaster = Number(
      (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
    );

    const sent = performance.now();
    process.kill(first.pid, 'SIGINT');
    const exit = await first.exited;
    console.log(
      `SIGINT during the demo load: the app exited after ${Math.round(performance.now() - sent)} ms`,
    );
    expect(exit, first.output()).toEqual({ code: 0, signal: null });
    // The app stopped its PostgreSQL before exiting, not left to die after it.
    expect(groupAlive(postmaster)).toBe(false);
    expect(processesUsing(dataDir)).toEqual([]);

    const next = await serve();
    // Signed in again through the session's cookie (the app's address, so its tokens, changed).
    const refreshed = await call(next.base, 'POST', '/auth/refresh_token', { cookie: user.cookie });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const resumed = await until('the interrupted load to finish', async () => {
      const account = (await demoAccounts(next.base, refreshed.body.access_token as string)).find(
        (a) => a.uuid === loading.uuid,
      );
      return account?.sync_status === 'finished' || account?.sync_status === 'failed' ? account : null;
    });
    expect(resumed.sync_status).toBe('finished');
  }, 1_800_000);
});
