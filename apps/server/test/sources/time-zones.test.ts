// Account time zones end to end (issue 30, decisions 730–731, 734): the provider's zone of each
// account is stored when it is connected (or, connected before, learned at its next load), its
// loads count "yesterday" on that zone's calendar, the rows keep the provider's days, and a report
// over accounts of different zones names them.
import { addDays, dayInTimeZone, utcDay } from '@maya/contracts';
import { duckDbFileFor, openDuckDbWarehouse, type Row } from '@maya/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { accountSettled, connectGoogleAds, loadNow, organizationOwner, ownerQuery } from '../support/sources';

type Owner = Awaited<ReturnType<typeof organizationOwner>>;
type Listed = { uuid: string; identifier: string; time_zone: string | null; sync_status: string };

const DAY_MS = 86_400_000;
/**
 * The loads' clock: 23:30 UTC two days ago (settled in the sandbox), when Berlin and Paris are
 * already on the next day and New York is not, so the accounts' yesterdays differ.
 */
const clock = new Date(`${utcDay(Date.now() - 2 * DAY_MS)}T23:30:00.000Z`);
const ZONES: Record<string, string> = {
  '3816209475': 'Europe/Berlin',
  '4402918356': 'Europe/Paris',
  '6209183745': 'America/New_York',
};

let t: AccountsApp;
let owner: Owner;
let listed: Listed[];

beforeAll(async () => {
  t = await startAccountsApp({ FIRST_LOAD_MAX_DAYS: '3' }, { now: () => clock });
  owner = await organizationOwner(t, 'time-zones@example.com');
  // The sandbox's first three client accounts: Berlin, Paris and New York.
  const { accounts } = await connectGoogleAds(t, owner, 3);
  for (const account of accounts) {
    expect(await accountSettled(t, owner, account.uuid)).toMatchObject({ sync_status: 'finished' });
  }
  const answer = await call(t.base, 'GET', `/service_accounts?organization_id=${owner.organizationId}`, {
    token: owner.token,
  });
  listed = answer.body.service_accounts as Listed[];
}, 180_000);
afterAll(() => t.close());

async function warehouseRows(sql: string): Promise<Row[]> {
  const warehouse = await openDuckDbWarehouse({
    file: duckDbFileFor(t.app.platform.config.dataDir, owner.organizationId),
    sharing: t.app.platform.warehouseFiles.sharing,
  });
  try {
    return (await warehouse.query(sql, [], { timeoutMs: 30_000 })).rows;
  } finally {
    await warehouse.close();
  }
}

describe('account time zones', () => {
  it('stores the zone the provider gives each account', () => {
    expect(Object.fromEntries(listed.map((a) => [a.identifier, a.time_zone]))).toEqual(ZONES);
  });

  it("loads each account up to yesterday on its own calendar, the provider's days kept", async () => {
    const yesterday = (zone: string) => addDays(dayInTimeZone(clock, zone), -1);
    // The clock is chosen so that the zones disagree: otherwise this test would prove nothing.
    expect(yesterday('Europe/Berlin')).not.toBe(yesterday('America/New_York'));
    const recorded = await ownerQuery<{ service_account_id: string; last: string; time_zone: string }>(
      t,
      owner.organizationId,
      `select service_account_id, to_char(max(last_loaded_day), 'YYYY-MM-DD') as last, min(time_zone) as time_zone
       from etl_stream_days group by service_account_id`,
      [],
    );
    expect(
      Object.fromEntries(
        recorded.map((r) => [
          listed.find((a) => a.uuid === r.service_account_id)?.identifier,
          [r.last, r.time_zone],
        ]),
      ),
    ).toEqual(Object.fromEntries(Object.entries(ZONES).map(([id, zone]) => [id, [yesterday(zone), zone]])));
    const days = await warehouseRows(
      `SELECT account_id, strftime(max(date), '%Y-%m-%d') AS last FROM raw.google_ads__campaigns GROUP BY account_id`,
    );
    expect(Object.fromEntries(days.map((r) => [String(r.account_id), String(r.last)]))).toEqual(
      Object.fromEntries(Object.entries(ZONES).map(([id, zone]) => [id, yesterday(zone)])),
    );
  });

  it("names the zones of a report's accounts, most first", async () => {
    const access = await call(t.base, 'GET', `/reports/-maya?organization_id=${owner.organizationId}`, {
      token: owner.token,
    });
    expect(access.status, JSON.stringify(access.body)).toBe(200);
    expect(access.body.time_zones).toEqual([
      { time_zone: 'America/New_York', accounts: 1 },
      { time_zone: 'Europe/Berlin', accounts: 1 },
      { time_zone: 'Europe/Paris', accounts: 1 },
    ]);
    // The search report reads none of these accounts: it names no zone.
    const search = await call(t.base, 'GET', `/reports/-seo-v1?organization_id=${owner.organizationId}`, {
      token: owner.token,
    });
    expect(search.body.time_zones).toEqual([]);
  });

  it('names them in an embedded report too, where its viewer has no session', async () => {
    const made = await call(t.base, 'POST', '/reports/-maya/embed-token', {
      token: owner.token,
      body: { organization_id: owner.organizationId, state: null },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const opened = await call(t.base, 'GET', `/embed/${made.body.token as string}`);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.time_zones).toEqual([
      { time_zone: 'America/New_York', accounts: 1 },
      { time_zone: 'Europe/Berlin', accounts: 1 },
      { time_zone: 'Europe/Paris', accounts: 1 },
    ]);
    // An outsider reads the zones, not the accounts' load failures.
    expect(opened.body).not.toHaveProperty('warnings');
  });
});

describe('an account connected before zones were asked for', () => {
  const newYork = () => listed.find((a) => a.identifier === '6209183745')!;

  async function stored(): Promise<{ time_zone: string | null; recorded: string[] }> {
    const [account] = await ownerQuery<{ time_zone: string | null }>(
      t,
      owner.organizationId,
      'select time_zone from service_accounts where id = $1',
      [newYork().uuid],
    );
    const days = await ownerQuery<{ time_zone: string }>(
      t,
      owner.organizationId,
      'select distinct time_zone from etl_stream_days where service_account_id = $1',
      [newYork().uuid],
    );
    return { time_zone: account?.time_zone ?? null, recorded: days.map((d) => d.time_zone) };
  }

  it('learns its zone at its next load, which then ends on its calendar', async () => {
    // As connected before decision 730: no zone kept, its loads counted in UTC.
    await ownerQuery(t, owner.organizationId, 'update service_accounts set time_zone = null where id = $1', [
      newYork().uuid,
    ]);
    await ownerQuery(
      t,
      owner.organizationId,
      `update etl_stream_days set time_zone = 'UTC' where service_account_id = $1`,
      [newYork().uuid],
    );
    await loadNow(t, owner);
    const settled = await accountSettled(t, owner, newYork().uuid);
    expect(settled, JSON.stringify(settled)).toMatchObject({ sync_status: 'finished' });
    expect(await stored()).toEqual({ time_zone: 'America/New_York', recorded: ['America/New_York'] });
    const answer = await call(t.base, 'GET', `/service_accounts?organization_id=${owner.organizationId}`, {
      token: owner.token,
    });
    const accounts = answer.body.service_accounts as Listed[];
    expect(Object.fromEntries(accounts.map((a) => [a.identifier, a.time_zone]))).toEqual(ZONES);
  }, 120_000);
});
