// No gaps (issue 30): the data loads stop for ten days (the loads' clock held back, no waiting),
// then resume, and every day since the last load is there, equal to what the provider reports.
import { connectorFor, type StreamBatch } from '@maya/connectors';
import { addDays, utcDay } from '@maya/contracts';
import { duckDbFileFor, openDuckDbWarehouse, type Row } from '@maya/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import {
  accountSettled,
  connectGoogleAds,
  organizationOwner,
  ownerQuery,
  storedContext,
} from '../support/sources';
import { atNoonUtc } from '../support/clock';

type Owner = Awaited<ReturnType<typeof organizationOwner>>;

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_DAYS = 5;
const OUTAGE_DAYS = 10;
const connector = connectorFor('google_ads')!;
/** The loads' clock: ten days ago until the loads resume (at noon: the account's days are UTC's). */
let clock = atNoonUtc(Date.now() - OUTAGE_DAYS * DAY_MS);
let t: AccountsApp;
let owner: Owner;
let credentialsId: string;
let account: { uuid: string; identifier: string };

beforeAll(async () => {
  t = await startAccountsApp({ FIRST_LOAD_MAX_DAYS: String(FIRST_DAYS) }, { now: () => clock });
  owner = await organizationOwner(t, 'etl-outage@example.com');
  const connected = await connectGoogleAds(t, owner, 1);
  credentialsId = connected.credentialsId;
  account = connected.accounts[0]!;
  expect(await accountSettled(t, owner, account.uuid)).toMatchObject({ sync_status: 'finished' });
}, 120_000);
afterAll(() => t.close());

async function warehouseQuery(sql: string, params: unknown[] = []): Promise<Row[]> {
  const warehouse = await openDuckDbWarehouse({
    file: duckDbFileFor(t.app.platform.config.dataDir, owner.organizationId),
    sharing: t.app.platform.warehouseFiles.sharing,
  });
  try {
    return (await warehouse.query(sql, params, { timeoutMs: 30_000 })).rows;
  } finally {
    await warehouse.close();
  }
}

/** The campaigns' rows, cost and clicks per day as loaded. */
async function loadedDays(): Promise<Record<string, { rows: number; cost: number; clicks: number }>> {
  const rows = await warehouseQuery(
    `SELECT date, count(*) AS rows, sum(cost_micros) AS cost, sum(clicks) AS clicks
     FROM raw.google_ads__campaigns WHERE account_id = $1 GROUP BY date ORDER BY date`,
    [account.identifier],
  );
  return Object.fromEntries(
    rows.map((r) => [
      r.date as string,
      { rows: Number(r.rows), cost: Number(r.cost), clicks: Number(r.clicks) },
    ]),
  );
}

/** The same, from the provider's own report over the range, read with the stored credentials. */
async function providerDays(range: { from: string; to: string }) {
  const context = await storedContext(t, owner.organizationId, credentialsId, connector);
  const days: Record<string, { rows: number; cost: number; clicks: number }> = {};
  const extracted: AsyncIterable<StreamBatch> = connector.extract(
    context,
    { identifier: account.identifier, parent_id: null, metadata: {} },
    range,
    ['campaigns'],
  );
  for await (const batch of extracted) {
    for (const row of batch.rows) {
      const day = (days[row.date as string] ??= { rows: 0, cost: 0, clicks: 0 });
      day.rows += 1;
      day.cost += row.cost_micros as number;
      day.clicks += row.clicks as number;
    }
  }
  return Object.fromEntries(Object.entries(days).sort(([a], [b]) => a.localeCompare(b)));
}

async function recordedDays(): Promise<{ stream: string; last_loaded_day: string; time_zone: string }[]> {
  return ownerQuery(
    t,
    owner.organizationId,
    `select stream, to_char(last_loaded_day, 'YYYY-MM-DD') as last_loaded_day, time_zone
     from etl_stream_days where service_account_id = $1 order by stream`,
    [account.uuid],
  );
}

async function runEnded(): Promise<void> {
  const query = `?organization_id=${owner.organizationId}`;
  for (;;) {
    const progress = await call(t.base, 'GET', `/etl/progress${query}`, { token: owner.token });
    if (!progress.body.running) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('ten days without a load', () => {
  it('are filled completely when the loads resume', async () => {
    const before = utcDay(clock);
    const first = { from: addDays(before, -FIRST_DAYS), to: addDays(before, -1) };
    expect(Object.keys(await loadedDays())).toEqual([...days(first)]);
    // Each stream's last fully loaded day is recorded with the account's zone (Acme Outdoor
    // Germany's, as Google Ads gives it).
    expect(await recordedDays()).toEqual(
      connector.streams
        .map((s) => ({ stream: s.name, last_loaded_day: first.to, time_zone: 'Europe/Berlin' }))
        .sort((a, b) => a.stream.localeCompare(b.stream)),
    );

    // Ten days later (more than the look-back of Search Console, GA4 or Apple): the loads resume.
    clock = new Date(clock.getTime() + OUTAGE_DAYS * DAY_MS);
    const started = await call(t.base, 'POST', '/etl/trigger', {
      token: owner.token,
      body: { organization_id: owner.organizationId },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await runEnded();
    expect(await accountSettled(t, owner, account.uuid)).toMatchObject({ sync_status: 'finished' });

    const whole = { from: first.from, to: addDays(utcDay(clock), -1) };
    const loaded = await loadedDays();
    expect(Object.keys(loaded)).toEqual([...days(whole)]); // every day, none missing
    expect(loaded).toEqual(await providerDays(whole)); // and each one as the provider reports it
    expect((await recordedDays()).map((r) => r.last_loaded_day)).toEqual(
      connector.streams.map(() => whole.to),
    );
  }, 180_000);
});

function* days(range: { from: string; to: string }): Generator<string> {
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) yield day;
}
