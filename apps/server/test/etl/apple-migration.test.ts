// Apple Ads connections made with the Campaign Management API v5 stored org ids; the Platform API
// v1 names ad accounts. A connection in that state (its accounts and its warehouse rows keyed by
// org ids, as before the upgrade) loads after the upgrade without a reconnect: the next run maps
// each org to its ad account (/v1/acls), re-keys the rows and renames the account, and the history
// stays under one account, nothing lost and nothing twice. A failure leaves a consistent state
// that the next run completes.
import { APPLE_SANDBOX_ORGS } from '@maya/connectors/sandbox';
import { appleAdsConnector as apple } from '@maya/connectors/services/apple-ads';
import type { Warehouse } from '@maya/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAW_SCHEMA, gapRange, rawTableName, rekeyAccountRows, yesterdayIn } from '../../src/modules/etl';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { accountSettled, organizationOwner, ownerQuery, setSandboxFaults } from '../support/sources';
import { connectSandboxAccounts, connectedAccounts, type Owner } from '../reconciliation/sandbox-accounts';

const TABLES = apple.streams.map((s) => rawTableName('apple_ads', s.name));
const ORG_OF = new Map(APPLE_SANDBOX_ORGS.map((o) => [String(o.adAccountId), String(o.orgId)]));

let t: AccountsApp;
let owner: Owner;
/** Per table and account: rows, spend and taps of the days before the look-back (never reloaded). */
type Snapshot = Record<string, { account: string; rows: number; spend: number; taps: number }[]>;
let before: Snapshot;
let historyEnd: string;

const withWarehouse = <T>(fn: (warehouse: Warehouse) => Promise<T>) =>
  t.app.modelling.withWarehouse(owner.organizationId, fn);

/** Rows, spend and taps per account of each Apple table, days before `to` (or all days). */
async function snapshot(to: string | null): Promise<Snapshot> {
  return withWarehouse(async (warehouse) => {
    const result: Snapshot = {};
    for (const table of TABLES) {
      const answer = await warehouse.query(
        `SELECT account_id, COUNT(*) AS n, SUM(cost_micros) AS spend, SUM(clicks) AS taps
         FROM ${RAW_SCHEMA}.${table} ${to ? 'WHERE date < CAST($1 AS DATE)' : ''}
         GROUP BY account_id ORDER BY account_id`,
        to ? [to] : [],
        { timeoutMs: 30_000 },
      );
      result[table] = answer.rows.map((r) => ({
        account: String(r.account_id),
        rows: Number(r.n),
        spend: Number(r.spend),
        taps: Number(r.taps),
      }));
    }
    return result;
  });
}

/** The connected Apple accounts' identifiers, sorted. */
async function identifiers(): Promise<string[]> {
  const rows = await ownerQuery<{ identifier: string }>(
    t,
    owner.organizationId,
    `select identifier from service_accounts where service_id = 'apple_ads' order by 1`,
    [],
  );
  return rows.map((r) => r.identifier);
}

const trigger = async () => {
  const started = await call(t.base, 'POST', '/etl/trigger', {
    token: owner.token,
    body: { organization_id: owner.organizationId },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    const progress = await call(t.base, 'GET', `/etl/progress?organization_id=${owner.organizationId}`, {
      token: owner.token,
    });
    if (!progress.body.running) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the run did not end');
};

/** The connection as a v5 connector left it: accounts and rows keyed by org ids. */
async function asBeforeTheUpgrade(): Promise<void> {
  for (const account of await connectedAccounts(t, owner)) {
    const org = ORG_OF.get(account.account.identifier)!;
    await withWarehouse((warehouse) => rekeyAccountRows(warehouse, apple, account.account.identifier, org));
    await ownerQuery(
      t,
      owner.organizationId,
      `update service_accounts set identifier = $2, id_label = $2 where id = $1`,
      [account.uuid, org],
    );
  }
}

const renamed = (snap: Snapshot): Snapshot =>
  Object.fromEntries(
    Object.entries(snap).map(([table, rows]) => [
      table,
      rows.map((r) => ({ ...r, account: ORG_OF.get(r.account)! })),
    ]),
  );

beforeAll(async () => {
  t = await startAccountsApp();
  owner = await organizationOwner(t, 'apple-migration@example.com');
  expect(await connectSandboxAccounts(t, owner, 'apple_ads')).toBe(3);
  for (const account of await connectedAccounts(t, owner))
    await accountSettled(t, owner, account.uuid, 120_000);
  // The days a run re-reads are its look-back; the ones before are history it must keep.
  const now = new Date();
  const lastLoadedDay = yesterdayIn('UTC', now);
  historyEnd = gapRange({
    lastLoadedDay,
    lookbackDays: apple.lookbackDays,
    timeZone: 'UTC',
    now,
    earliest: '1970-01-01',
  })!.from;
  before = await snapshot(historyEnd);
  await asBeforeTheUpgrade();
}, 300_000);
afterAll(() => t.close());

describe('an Apple Ads connection made with the Campaign Management API v5', () => {
  it('starts keyed by org ids, its history intact under them', async () => {
    expect(await identifiers()).toEqual(['4242001', '4242002', '4242003']);
    expect(before[TABLES[0]!]!.map((r) => r.account)).toEqual(['8150001', '8150002', '8150003']);
    expect(await snapshot(historyEnd)).toEqual(renamed(before));
  });

  it('keeps the old state when Apple cannot map the accounts, and the next run retries', async () => {
    await setSandboxFaults(t, 'apple-ads', [
      { kind: 'provider_error', status: 400, message: 'Apple is unavailable.', path: '/v1/acls', times: -1 },
    ]);
    await trigger();
    await setSandboxFaults(t, 'apple-ads', null);
    expect(await identifiers()).toEqual(['4242001', '4242002', '4242003']);
    expect(await snapshot(historyEnd)).toEqual(renamed(before));
  }, 180_000);

  it('loads after the upgrade: the accounts become ad accounts, their history whole and once', async () => {
    await trigger();
    expect(await identifiers()).toEqual(['8150001', '8150002', '8150003']);
    // The history before the look-back: the same rows and money, under the ad accounts only.
    expect(await snapshot(historyEnd)).toEqual(before);
    const all = await snapshot(null);
    for (const table of TABLES) {
      expect(
        all[table]!.map((r) => r.account),
        table,
      ).toEqual(['8150001', '8150002', '8150003']);
    }
    for (const account of await connectedAccounts(t, owner)) {
      expect(await accountSettled(t, owner, account.uuid)).toMatchObject({
        sync_status: 'finished',
        sync_error: null,
      });
    }
    // Running again changes nothing more.
    await trigger();
    expect(await snapshot(historyEnd)).toEqual(before);
  }, 240_000);
});
