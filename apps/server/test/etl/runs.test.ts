import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextTick, yesterdayIn } from '../../src/modules/etl';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { organizationOwner, setSandboxFaults, accountSettled, connectGoogleAds } from '../support/sources';

type Owner = Awaited<ReturnType<typeof organizationOwner>>;
type Progress = { running: boolean; description: string; points: number };
type Run = {
  step: string;
  sync_started_at: string;
  run_time: number;
  status: string;
  error: string | null;
  accounts: { total: number; failed: number } | null;
};
type Tables = {
  tables: { name: string; rows: number; first_date: string | null; last_date: string | null }[];
};
type Logs = { latest_etl_date: string | null; all_logs: { date: string; runs: Run[] }[] };

let t: AccountsApp;
let owner: Owner;

beforeAll(async () => {
  t = await startAccountsApp();
  owner = await organizationOwner(t, 'etl-runs@example.com');
  const { accounts } = await connectGoogleAds(t, owner, 1);
  // The account's first load runs on its own queue; let it end so that a run's outcome is its own.
  await accountSettled(t, owner, accounts[0]!.uuid);
}, 120_000);
afterAll(() => t.close());

const query = () => `?organization_id=${owner.organizationId}`;
const get = async <T>(path: string) => {
  const response = await call(t.base, 'GET', `${path}${query()}`, { token: owner.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as T;
};
const trigger = () =>
  call(t.base, 'POST', '/etl/trigger', {
    token: owner.token,
    body: { organization_id: owner.organizationId },
  });

/** Polls the progress, as the Data Load page does, until the run has ended. */
async function ended(timeoutMs = 90_000): Promise<Progress> {
  const started = Date.now();
  for (;;) {
    const progress = await get<Progress>('/etl/progress');
    if (!progress.running) return progress;
    if (Date.now() - started > timeoutMs) throw new Error(`still running: ${progress.description}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the organization's data load", () => {
  it('runs every connected account when triggered, refuses a second run meanwhile, and logs it', async () => {
    const started = await trigger();
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.run_id).toMatch(/^[0-9a-f-]{36}$/);

    const again = await trigger();
    expect(again.status).toBe(409);
    expect(again.body.detail.type).toBe('etl_already_running');

    expect(await ended()).toMatchObject({ running: false, points: 100 });
    const logs = await get<Logs>('/etl/logs');
    expect(logs.latest_etl_date).not.toBeNull();
    expect(logs.all_logs).toHaveLength(1);
    const [run] = logs.all_logs[0]!.runs;
    expect(run).toMatchObject({
      status: 'finished',
      error: null,
      sync_started_at: logs.latest_etl_date,
      step: '1 of 1 account loaded',
      accounts: { total: 1, failed: 0 },
    });
    expect(run!.run_time).toBeGreaterThanOrEqual(0);
    expect(logs.all_logs[0]!.date).toBe(logs.latest_etl_date!.slice(0, 10));

    // The run rebuilt the canonical models the reports read.
    const { tables } = await get<Tables>('/etl/tables');
    expect(tables.find((table) => table.name === 'marketing_performance')).toMatchObject({
      rows: expect.any(Number),
      // Yesterday on the account's calendar (Acme Outdoor Germany: Berlin).
      last_date: yesterdayIn('Europe/Berlin', new Date()),
    });
    expect(tables.find((table) => table.name === 'marketing_performance')!.rows).toBeGreaterThan(0);
    // The side tables of cluster columns (the fixed 'Is Brand' ones, decision 500) are no models.
    const held = await t.app.modelling.withWarehouse(owner.organizationId, (w) => w.listTables('analytics'));
    expect(held.filter((name) => name.endsWith('__derived')).length).toBeGreaterThan(0);
    expect(tables.filter((table) => table.name.endsWith('__derived'))).toEqual([]);

    const accounts = await get<{
      service_accounts: { sync_status: string; last_synced_at: string | null }[];
    }>('/service_accounts');
    expect(accounts.service_accounts[0]).toMatchObject({ sync_status: 'finished' });
    expect(accounts.service_accounts[0]!.last_synced_at).not.toBeNull();

    // The daily schedule loads next a day after this run started, at its hourly tick.
    const { next_etl_time } = await get<{ next_etl_time: string | null }>('/etl/next');
    const due = new Date(Date.parse(logs.latest_etl_date!) + 24 * 60 * 60 * 1000);
    expect(next_etl_time).toBe(nextTick(due).toISOString());
  }, 120_000);

  it("fails the run with the provider's message when the provider refuses, keeps the data and tells the organization", async () => {
    const before = await get<Tables>('/etl/tables');
    const since = t.smtp.messages.length;
    await setSandboxFaults(t, 'google-ads', [
      { kind: 'provider_error', message: 'Customer not enabled', times: -1 },
    ]);
    try {
      expect((await trigger()).status).toBe(202);
      await ended();
    } finally {
      await setSandboxFaults(t, 'google-ads', null);
    }
    const logs = await get<Logs>('/etl/logs');
    const runs = logs.all_logs.flatMap((day) => day.runs);
    // Newest first: this run, the run of the test above, and the account's first load.
    expect(runs).toHaveLength(3);
    // The history says what happened: the one account failed, none loaded.
    expect(runs[0]).toMatchObject({
      status: 'failed',
      step: '0 of 1 loaded, 1 failed',
      accounts: { total: 1, failed: 1 },
    });
    expect(runs[0]!.error).toContain('Customer not enabled');
    expect(runs[1]).toMatchObject({ status: 'finished' });
    expect(runs[2]).toMatchObject({ status: 'finished', error: null, accounts: null });
    expect(runs[2]!.step).toMatch(/^First load of Google Ads: /);
    expect(await get<Tables>('/etl/tables')).toEqual(before);

    const { notifications } = await get<{ notifications: { title: string; body: string; type: string }[] }>(
      '/notifications',
    );
    expect(notifications[0]).toMatchObject({ title: 'Data load failed', type: 'error' });
    expect(notifications[0]!.body).toContain('Customer not enabled');
    const mail = await t.smtp.next('etl-runs@example.com', /Data load failed/, since);
    expect(mail.text).toContain('Customer not enabled');
  }, 120_000);

  it('is refused for a non-member and for the demo organization', async () => {
    const other = await organizationOwner(t, 'etl-runs-other@example.com');
    const stranger = await call(t.base, 'GET', `/etl/progress${query()}`, { token: other.token });
    expect(stranger.status).toBe(404);
    const organizations = await call(t.base, 'GET', '/organizations', { token: other.token });
    const demo = (organizations.body.organizations as { id: string; is_demo: boolean }[]).find(
      (o) => o.is_demo,
    );
    if (demo) {
      const refused = await call(t.base, 'POST', '/etl/trigger', {
        token: other.token,
        body: { organization_id: demo.id },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.detail.type).toBe('etl_disabled');
      const next = await call(t.base, 'GET', `/etl/next?organization_id=${demo.id}`, { token: other.token });
      expect(next.body).toEqual({ next_etl_time: null });
    }
  });
});

describe('schedule ticks', () => {
  it('ticks on the hour', () => {
    expect(nextTick(new Date('2026-03-02T10:00:00Z')).toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect(nextTick(new Date('2026-03-02T10:00:01Z')).toISOString()).toBe('2026-03-02T11:00:00.000Z');
  });
});
