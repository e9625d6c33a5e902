import { connectorFor, type StreamBatch } from '@maya/connectors';
import { duckDbFileFor, openDuckDbWarehouse, type Row } from '@maya/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_LOAD_QUEUE } from '../../src/modules/sources';
import { firstLoadRange, LOAD_FAILED_MESSAGE, RECOVER_QUEUE } from '../../src/modules/etl';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import {
  organizationOwner,
  ownerQuery,
  setSandboxFaults,
  accountSettled,
  connectGoogleAds,
  storedContext,
} from '../support/sources';

/** The first sandbox Google Ads account's zone (Acme Outdoor Germany): its days are Berlin's. */
const ACCOUNT_ZONE = 'Europe/Berlin';
/**
 * The days a first load reads here (FIRST_LOAD_MAX_DAYS) in place of the trial's two years: more
 * than a year, so the recent 90 days come first and a backfill of several ranges follows, as in
 * two years, at about half the time. The plan's years bound the first load in history-years.test.
 */
const FIRST_LOAD_DAYS = 400;

type Owner = Awaited<ReturnType<typeof organizationOwner>>;
type Account = { uuid: string; identifier: string; sync_status: string; sync_error: string | null };

let t: AccountsApp;
let owner: Owner;
let credentialsId: string;
let accounts: Account[];
const connector = connectorFor('google_ads')!;

beforeAll(async () => {
  t = await startAccountsApp({ FIRST_LOAD_MAX_DAYS: String(FIRST_LOAD_DAYS) });
  owner = await organizationOwner(t, 'etl@example.com');
  ({ credentialsId, accounts } = await connectGoogleAds(t, owner, 2));
  expect(accounts).toHaveLength(2);
}, 60_000);
afterAll(() => t.close());

async function listAccounts(): Promise<(Account & { needs_reconnect: boolean })[]> {
  const listed = await call(t.base, 'GET', `/service_accounts?organization_id=${owner.organizationId}`, {
    token: owner.token,
  });
  return listed.body.service_accounts as (Account & { needs_reconnect: boolean })[];
}

/** Queues another load of the account, as the next load would, and waits for its job to end. */
async function loadAgain(account: Account) {
  const boss = t.app.platform.jobs.boss;
  const data = { organizationId: owner.organizationId, serviceAccountId: account.uuid };
  const id = (await boss.send(FIRST_LOAD_QUEUE, data, { retryLimit: 3 }))!;
  for (;;) {
    const job = await boss.getJobById(FIRST_LOAD_QUEUE, id);
    if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return accountSettled(t, owner, account.uuid);
}

async function warehouseQuery(sql: string, params: unknown[] = []): Promise<Row[]> {
  const warehouse = await openDuckDbWarehouse({
    file: duckDbFileFor(t.app.platform.config.dataDir, owner.organizationId),
  });
  try {
    return (await warehouse.query(sql, params, { timeoutMs: 30_000 })).rows;
  } finally {
    await warehouse.close();
  }
}

/** Every raw table's rows per account, with their days and a checksum of every column. */
async function snapshot(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const stream of connector.streams) {
    const table = `google_ads__${stream.name}`;
    rows.push(
      ...(await warehouseQuery(
        `SELECT '${table}' AS t, account_id, count(*) AS n, min(date) AS first, max(date) AS last,
           sum(hash(*COLUMNS(*))) % 1000000007 AS checksum
         FROM raw.${table} GROUP BY account_id ORDER BY account_id`,
      )),
    );
  }
  return rows;
}

describe('the first load of a connected account', () => {
  it('loads every stream of both accounts into raw tables, equal to what the provider reports', async () => {
    for (const account of accounts) {
      expect(await accountSettled(t, owner, account.uuid)).toMatchObject({
        sync_status: 'finished',
        sync_error: null,
      });
    }
    const tables = await warehouseQuery(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'raw' ORDER BY 1`,
    );
    expect(tables.map((r) => r.table_name)).toEqual(
      connector.streams.map((s) => `google_ads__${s.name}`).sort(),
    );

    // The provider's own numbers for one account, read directly with the stored credentials.
    const context = await storedContext(t, owner.organizationId, credentialsId, connector);
    const range = firstLoadRange(2, new Date(), FIRST_LOAD_DAYS, ACCOUNT_ZONE);
    const account = accounts[0]!;
    const byDay = new Map<string, { rows: number; cost: number; clicks: number }>();
    const extracted: AsyncIterable<StreamBatch> = connector.extract(
      context,
      { identifier: account.identifier, parent_id: null, metadata: {} },
      range,
      ['campaigns'],
    );
    for await (const batch of extracted) {
      for (const row of batch.rows) {
        const day = byDay.get(row.date as string) ?? { rows: 0, cost: 0, clicks: 0 };
        day.rows += 1;
        day.cost += row.cost_micros as number;
        day.clicks += row.clicks as number;
        byDay.set(row.date as string, day);
      }
    }
    expect(byDay.size).toBeGreaterThan(300);
    const loaded = await warehouseQuery(
      `SELECT date, count(*) AS rows, sum(cost_micros) AS cost, sum(clicks) AS clicks
       FROM raw.google_ads__campaigns WHERE account_id = $1 GROUP BY date ORDER BY date`,
      [account.identifier],
    );
    expect(
      Object.fromEntries(loaded.map((r) => [r.date, { rows: r.rows, cost: r.cost, clicks: r.clicks }])),
    ).toEqual(Object.fromEntries([...byDay.entries()].sort()));
    const [span] = await warehouseQuery(
      `SELECT min(date) AS first, max(date) AS last FROM raw.google_ads__campaigns`,
    );
    expect(span!.last).toBe(range.to);
    expect(span!.first! >= range.from).toBe(true);
    // Two accounts' 400 days, the recent days and then the history behind them: minutes on a
    // busy machine. accountSettled fails on a load that stops moving; this bound is the last resort.
  }, 600_000);

  it('leaves the same tables when an account is loaded again, and the other account untouched', async () => {
    const before = await snapshot();
    expect(new Set(before.map((r) => r.account_id)).size).toBe(2);
    expect(await loadAgain(accounts[0]!)).toMatchObject({ sync_status: 'finished' });
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it('marks the account failed with the provider message and keeps the previous data', async () => {
    const before = await snapshot();
    await setSandboxFaults(t, 'google-ads', [
      { kind: 'provider_error', message: 'Customer not enabled', times: -1 },
    ]);
    try {
      expect(await loadAgain(accounts[0]!)).toMatchObject({
        sync_status: 'failed',
        sync_error: 'Customer not enabled',
        needs_reconnect: false,
      });
    } finally {
      await setSandboxFaults(t, 'google-ads', null);
    }
    expect(await snapshot()).toEqual(before);
    const tables = await warehouseQuery(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'raw' AND table_name LIKE '%staged'`,
    );
    expect(tables).toEqual([]);
  }, 120_000);

  it('puts each ended first load in the history, not the retries, and leaves the schedule to full runs', async () => {
    const logs = await call(t.base, 'GET', `/etl/logs?organization_id=${owner.organizationId}`, {
      token: owner.token,
    });
    expect(logs.status).toBe(200);
    const runs = (logs.body.all_logs as { runs: { step: string; status: string; error: string | null }[] }[])
      .flatMap((day) => day.runs)
      .reverse(); // oldest first
    // Two first loads at connection, then "loaded again" (finished) and the failed load above.
    expect(runs.map((r) => r.status)).toEqual(['finished', 'finished', 'finished', 'failed']);
    expect(runs.every((r) => r.step.startsWith('First load of Google Ads: '))).toBe(true);
    expect(runs.at(-1)!.error).toMatch(/: Customer not enabled$/);
    expect(runs.slice(0, 3).every((r) => r.error === null)).toBe(true);
    // Progress and the next ETL time follow whole-organization runs, of which there are none.
    const progress = await call(t.base, 'GET', `/etl/progress?organization_id=${owner.organizationId}`, {
      token: owner.token,
    });
    expect(progress.body).toEqual({ running: false, description: '', points: 0 });
  }, 30_000);

  it('flags a revoked grant for reconnection', async () => {
    const before = await snapshot();
    await setSandboxFaults(t, 'google-ads', [{ kind: 'revoked' }]);
    try {
      expect(await loadAgain(accounts[1]!)).toMatchObject({ sync_status: 'failed', needs_reconnect: true });
    } finally {
      await setSandboxFaults(t, 'google-ads', null);
    }
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it('puts back to pending an account a crashed run left running', async () => {
    // As a worker killed mid-load leaves it: running, its job no longer active.
    await ownerQuery(
      t,
      owner.organizationId,
      `update service_accounts set sync_status = 'running' where id = $1`,
      [accounts[0]!.uuid],
    );
    const boss = t.app.platform.jobs.boss;
    const id = (await boss.send(RECOVER_QUEUE, {}))!;
    for (;;) {
      const job = await boss.getJobById(RECOVER_QUEUE, id);
      if (job?.state === 'completed') break;
      expect(job?.state).not.toBe('failed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [account] = (await listAccounts()).filter((a) => a.uuid === accounts[0]!.uuid);
    expect(account!.sync_status).toBe('pending');
  }, 60_000);

  it('fails, not leaves pending, an account whose last load attempt died (out of memory, killed)', async () => {
    const boss = t.app.platform.jobs.boss;
    const account = accounts[1]!;
    // The last attempt of its load died with the worker: pg-boss failed the job by its missed
    // heartbeat, so the handler never reported an outcome and the account still shows running.
    const data = { organizationId: owner.organizationId, serviceAccountId: account.uuid };
    const id = (await boss.send(FIRST_LOAD_QUEUE, data, { retryLimit: 0, startAfter: 3600 }))!;
    await boss.fail(FIRST_LOAD_QUEUE, id, { message: 'the worker died' });
    expect((await boss.getJobById(FIRST_LOAD_QUEUE, id))?.state).toBe('failed');
    await ownerQuery(
      t,
      owner.organizationId,
      `update service_accounts set sync_status = 'running' where id = $1`,
      [account.uuid],
    );

    const recover = (await boss.send(RECOVER_QUEUE, {}))!;
    for (;;) {
      const job = await boss.getJobById(RECOVER_QUEUE, recover);
      if (job?.state === 'completed') break;
      expect(job?.state).not.toBe('failed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [recovered] = (await listAccounts()).filter((a) => a.uuid === account.uuid);
    expect(recovered).toMatchObject({ sync_status: 'failed', sync_error: LOAD_FAILED_MESSAGE });
    const logs = await call(t.base, 'GET', `/etl/logs?organization_id=${owner.organizationId}`, {
      token: owner.token,
    });
    const runs = (logs.body.all_logs as { runs: { status: string; error: string | null }[] }[]).flatMap(
      (day) => day.runs,
    );
    expect(runs[0]).toMatchObject({ status: 'failed', error: expect.stringContaining(LOAD_FAILED_MESSAGE) });
  }, 60_000);
});
