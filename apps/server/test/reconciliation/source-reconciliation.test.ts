// Reconciliation of the services that are not advertising (issue 30): Search Console, GA4, the
// GA4 BigQuery export, Google Play and Moosend, every account the sandbox offers. Per stream and
// day, the raw tables hold what the provider answers (rows, and the sum of every numeric column),
// no key twice, no day missing: after the first loads, a reload, a restatement inside each
// service's look-back, one outside every look-back (re-read by the weekly deep re-check,
// decision 650, here the first load after ten days without one, which fills those days too).
//
// The loads' clock is injected and held back (18 days, then 8), so that a ten-day outage passes
// without waiting; the sandbox keeps the real clock, so every day the loads read is settled at
// the provider (Moosend's opens, Google Play's month files) and stays put while the test compares.
import { catalog, connectorFor } from '@maya/connectors';
import { addDays, utcDay } from '@maya/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsApp } from '../support/accounts';
import { accountSettled, organizationOwner } from '../support/sources';
import { restate as restateApi, runLoad as run } from './runs';
import type { Range } from '@maya/connectors/testing';
import { DEEP_RECHECK_EVERY_DAYS } from '../../src/modules/etl';
import { connectSandboxAccounts, connectedAccounts, type Connected, type Owner } from './sandbox-accounts';
import { duplicateKeys, loadedDays, providerDays, type StreamDays } from './stream-days';
import { atNoonUtc } from '../support/clock';

const SERVICES = catalog.filter((s) => s.category !== 'advertising').map((s) => s.id);
/** Each service's sandbox data API (its restatement switch). */
const SANDBOX_API: Record<string, string> = {
  google_search_console: 'search-console',
  google_analytics_4: 'google-analytics',
  google_analytics_4_events: 'bigquery',
  google_play: 'cloud-storage',
  moosend: 'moosend',
};
const DAY_MS = 86_400_000;
const FIRST_LOAD_DAYS = 60;
/** Days compared: past the longest look-back (Moosend, 30) and the restated days outside it. */
const DAYS = 55;
const OUTAGE_DAYS = 10;
/** A week of days restated outside every look-back (a Tuesday's Moosend newsletter among them). */
const OUTSIDE = { from: -42, to: -36 };

// At noon UTC, every sandbox account's calendar day is UTC's (decision 730).
let clock = atNoonUtc(Date.now() - (OUTAGE_DAYS + 8) * DAY_MS);
let t: AccountsApp;
let owner: Owner;
let accounts: Connected[] = [];

const yesterday = () => addDays(utcDay(clock), -1);
const compared = (): Range => ({ from: addDays(yesterday(), -(DAYS - 1)), to: yesterday() });
const label = (a: Connected) => `${a.service} ${a.account.identifier}`;

function sandboxApi(service: string): string {
  const api = SANDBOX_API[service];
  if (!api) throw new Error(`no sandbox API of ${service}`);
  return api;
}

const restate = (service: string, body: { from: string; to: string; factor: number } | null) =>
  restateApi(t, sandboxApi(service), body);
const runLoad = async () => {
  owner = await run(t, owner, accounts);
};

type Reconciled = Map<string, StreamDays>;

/**
 * Both sides of every account over the compared days, expected equal, no key twice, and every
 * day there for the services that have data every day; answers the warehouse's days by account.
 */
async function reconcile(): Promise<Reconciled> {
  const range = compared();
  const out: Reconciled = new Map();
  for (const target of accounts) {
    const [loaded, provider] = await Promise.all([
      loadedDays(t, owner, target, range),
      providerDays(t, target, range),
    ]);
    expect(loaded, label(target)).toEqual(provider);
    expect(Object.values(await duplicateKeys(t, owner, target)), label(target)).toEqual(
      connectorFor(target.service)!.streams.map(() => 0),
    );
    const days = new Set(Object.values(loaded).flatMap((byDay) => Object.keys(byDay)));
    // Moosend's days are its sending days (a weekly newsletter, a promotion every other week).
    if (target.service !== 'moosend') expect(days.size, `${label(target)} days`).toBe(DAYS);
    else expect(days.size, `${label(target)} sending days`).toBeGreaterThanOrEqual(Math.floor(DAYS / 7));
    out.set(label(target), loaded);
  }
  return out;
}

/** The accounts (by label) of each service whose loaded days in `range` differ between two reconciliations. */
function changedIn(before: Reconciled, after: Reconciled, range: Range): Map<string, string[]> {
  const changed = new Map<string, string[]>();
  for (const [account, streams] of after) {
    const service = account.split(' ')[0]!;
    for (const [stream, days] of Object.entries(streams)) {
      for (const [date, day] of Object.entries(days)) {
        if (date < range.from || date > range.to) continue;
        if (JSON.stringify(day) === JSON.stringify(before.get(account)?.[stream]?.[date])) continue;
        changed.set(service, [...(changed.get(service) ?? []), `${account} ${stream} ${date}`]);
      }
    }
  }
  return changed;
}

beforeAll(async () => {
  t = await startAccountsApp({ FIRST_LOAD_MAX_DAYS: String(FIRST_LOAD_DAYS) }, { now: () => clock });
  owner = await organizationOwner(t, 'source-reconciliation@example.com');
  const offered = new Map<string, number>();
  for (const id of SERVICES) offered.set(id, await connectSandboxAccounts(t, owner, id));
  accounts = await connectedAccounts(t, owner);
  for (const id of SERVICES)
    expect(accounts.filter((a) => a.service === id).length, id).toBe(offered.get(id));
  for (const account of accounts) {
    expect(await accountSettled(t, owner, account.uuid, 540_000), label(account)).toMatchObject({
      sync_status: 'finished',
    });
  }
  accounts = await connectedAccounts(t, owner);
}, 600_000);

afterAll(async () => {
  if (!t) return;
  for (const service of SERVICES) await restate(service, null).catch(() => undefined);
  await t.close();
}, 120_000);

describe("the non-advertising services' tables against their providers, per stream and day", () => {
  let reloaded: Reconciled;

  it('match after the first loads', async () => {
    expect(new Set(accounts.map((a) => a.service))).toEqual(new Set(SERVICES));
    await reconcile();
  }, 300_000);

  it('match after a reload', async () => {
    await runLoad();
    reloaded = await reconcile();
  }, 300_000);

  it("match after the providers restate days inside each service's look-back", async () => {
    for (const service of SERVICES) {
      // The restated days: the look-back's last days, at most a week.
      const days = Math.min(connectorFor(service)!.lookbackDays, 7);
      await restate(service, { from: addDays(yesterday(), -(days - 1)), to: yesterday(), factor: 1.5 });
    }
    await runLoad();
    const after = await reconcile();
    const changed = changedIn(reloaded, after, { from: addDays(yesterday(), -6), to: yesterday() });
    for (const service of SERVICES) expect(changed.get(service)?.length ?? 0, service).toBeGreaterThan(0);
    // Nothing older changed.
    expect(changedIn(reloaded, after, { from: compared().from, to: addDays(yesterday(), -7) })).toEqual(
      new Map(),
    );
    reloaded = after;
  }, 300_000);

  it('match after ten days without a load, every day filled, days restated outside every look-back re-read', async () => {
    const outside = { from: addDays(yesterday(), OUTSIDE.from), to: addDays(yesterday(), OUTSIDE.to) };
    for (const service of SERVICES) {
      expect(connectorFor(service)!.lookbackDays, service).toBeLessThan(-OUTSIDE.to);
      await restate(service, { ...outside, factor: 2 });
    }
    // The next load re-reads its look-back only: the restated days still hold what was loaded...
    await runLoad();
    for (const target of accounts) {
      const [loaded, provider] = await Promise.all([
        loadedDays(t, owner, target, outside),
        providerDays(t, target, outside),
      ]);
      expect(loaded, label(target)).toEqual(pick(reloaded.get(label(target)) ?? {}, outside));
      expect(loaded, label(target)).not.toEqual(provider);
    }
    // ...until a deep re-check reads them again: the first load after ten days without one (more
    // than the week between deep re-checks) also fills every day the outage missed.
    expect(OUTAGE_DAYS).toBeGreaterThanOrEqual(DEEP_RECHECK_EVERY_DAYS);
    clock = new Date(clock.getTime() + OUTAGE_DAYS * DAY_MS);
    await runLoad();
    const after = await reconcile();
    const changed = changedIn(reloaded, after, outside);
    for (const service of SERVICES) expect(changed.get(service)?.length ?? 0, service).toBeGreaterThan(0);
  }, 600_000);
});

/** The days of `range` of each stream. */
function pick(days: StreamDays, range: Range): StreamDays {
  return Object.fromEntries(
    Object.entries(days).map(([stream, byDay]) => [
      stream,
      Object.fromEntries(Object.entries(byDay).filter(([date]) => date >= range.from && date <= range.to)),
    ]),
  );
}
