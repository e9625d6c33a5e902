// Loads stop when a plan lapses (issue 27, decisions 620–622): the schedule skips the
// organization, 'Load data now' is refused with the reason, a newly connected account waits; a
// plan chosen again resumes the loads, and the first run catches up every day it missed.
import { addDays, dayInTimeZone, ETL_EXPIRED_MESSAGE } from '@maya/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ETL_SCHEDULE_QUEUE } from '../../src/modules/etl';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { givePlan } from '../support/billing';
import { accountSettled, connectGoogleAds, organizationOwner, ownerQuery } from '../support/sources';

type Owner = Awaited<ReturnType<typeof organizationOwner>>;
type Run = { step: string; status: string; error: string | null };

const DAY_MS = 24 * 60 * 60 * 1000;
/** The connected account's zone (the sandbox's Acme Outdoor Germany): its loads' days are Berlin's. */
const ACCOUNT_ZONE = 'Europe/Berlin';
/** The loads' and the plans' clock, moved forward by the tests (no waiting). */
let clock = new Date();
let t: AccountsApp;
let owner: Owner;
let account: { uuid: string };

beforeAll(async () => {
  t = await startAccountsApp({ FIRST_LOAD_MAX_DAYS: '5' }, { now: () => clock });
  owner = await organizationOwner(t, 'lapse@plans.example');
  account = (await connectGoogleAds(t, owner, 1)).accounts[0]!;
  expect(await accountSettled(t, owner, account.uuid)).toMatchObject({ sync_status: 'finished' });
}, 120_000);
afterAll(() => t.close());

const trigger = (who: Owner) =>
  call(t.base, 'POST', '/etl/trigger', { token: who.token, body: { organization_id: who.organizationId } });

async function runs(who: Owner): Promise<Run[]> {
  const logs = await call(t.base, 'GET', `/etl/logs?organization_id=${who.organizationId}`, {
    token: who.token,
  });
  expect(logs.status).toBe(200);
  return (logs.body.all_logs as { runs: Run[] }[]).flatMap((day) => day.runs);
}

async function nextEtlTime(who: Owner): Promise<string | null> {
  const next = await call(t.base, 'GET', `/etl/next?organization_id=${who.organizationId}`, {
    token: who.token,
  });
  expect(next.status).toBe(200);
  return next.body.next_etl_time as string | null;
}

/** One tick of the hourly schedule, worked to its end by the job worker. */
async function scheduleTick(): Promise<void> {
  const boss = t.app.platform.jobs.boss;
  const id = (await boss.send(ETL_SCHEDULE_QUEUE, {}))!;
  for (;;) {
    const job = await boss.getJobById(ETL_SCHEDULE_QUEUE, id);
    if (job?.state === 'completed') return;
    expect(job?.state).not.toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function runEnded(who: Owner): Promise<void> {
  for (;;) {
    const progress = await call(t.base, 'GET', `/etl/progress?organization_id=${who.organizationId}`, {
      token: who.token,
    });
    if (!progress.body.running) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function lastLoadedDays(who: Owner, serviceAccountId: string): Promise<string[]> {
  const rows = await ownerQuery<{ day: string }>(
    t,
    who.organizationId,
    `select to_char(last_loaded_day, 'YYYY-MM-DD') as day from etl_stream_days
     where service_account_id = $1 order by stream`,
    [serviceAccountId],
  );
  return rows.map((row) => row.day);
}

const expired = { type: 'etl_plan_expired', message: ETL_EXPIRED_MESSAGE };

describe('a lapsed plan', () => {
  it('stops the loads of a canceled subscription; the plan chosen again resumes them with no gap', async () => {
    const loadedBefore = await lastLoadedDays(owner, account.uuid);
    expect(loadedBefore.length).toBeGreaterThan(0);
    await givePlan(t, owner.organizationId, 'growth', 'canceled');
    clock = new Date(clock.getTime() + 3 * DAY_MS);

    const refused = await trigger(owner);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toEqual(expired);
    expect(await nextEtlTime(owner)).toBeNull(); // 'Not scheduled'
    // The schedule, which would start this organization's first run, skips it.
    await scheduleTick();
    expect(await runs(owner)).toEqual([
      expect.objectContaining({ step: expect.stringMatching(/^First load/) }),
    ]);
    expect(await lastLoadedDays(owner, account.uuid)).toEqual(loadedBefore);

    // Past due is the provider's grace, not a lapse; active resumes for good.
    await givePlan(t, owner.organizationId, 'growth', 'active');
    expect(await nextEtlTime(owner)).not.toBeNull();
    await scheduleTick();
    const [run] = await runs(owner);
    expect(run).toMatchObject({ step: expect.not.stringMatching(/^First load/) });
    await runEnded(owner);
    expect((await runs(owner))[0]).toMatchObject({ status: 'finished', error: null });
    // Every stream is loaded up to yesterday of the moved clock: the three days missed included.
    const yesterday = addDays(dayInTimeZone(clock, ACCOUNT_ZONE), -1);
    expect(await lastLoadedDays(owner, account.uuid)).toEqual(loadedBefore.map(() => yesterday));
  }, 180_000);

  it('stops them when the free trial has ended, and leaves an account connected meanwhile unloaded, saying why', async () => {
    const trial = await organizationOwner(t, 'trial-over@plans.example');
    const during = await call(t.base, 'GET', `/entitlements?organization_id=${trial.organizationId}`, {
      token: trial.token,
    });
    expect(during.body).toMatchObject({ source: 'trial', etl_expired: false });
    // The fourteen days of the trial pass.
    clock = new Date(Date.parse(during.body.trial_ends_at as string) + 1);
    const after = await call(t.base, 'GET', `/entitlements?organization_id=${trial.organizationId}`, {
      token: trial.token,
    });
    expect(after.body).toMatchObject({ source: 'trial', status: 'trialing', etl_expired: true });

    const refused = await trigger(trial);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toEqual(expired);

    const connected = (await connectGoogleAds(t, trial, 1)).accounts[0]!;
    expect(await accountSettled(t, trial, connected.uuid)).toMatchObject({
      sync_status: 'failed',
      sync_error: ETL_EXPIRED_MESSAGE,
    });
    expect(await lastLoadedDays(trial, connected.uuid)).toEqual([]);

    // A plan bought: the next run loads the waiting account's first range.
    await givePlan(t, trial.organizationId, 'starter', 'active');
    expect((await trigger(trial)).status).toBe(202);
    await runEnded(trial);
    expect(await accountSettled(t, trial, connected.uuid)).toMatchObject({ sync_status: 'finished' });
    const yesterday = addDays(dayInTimeZone(clock, ACCOUNT_ZONE), -1);
    expect((await lastLoadedDays(trial, connected.uuid)).every((day) => day === yesterday)).toBe(true);
    expect(await lastLoadedDays(trial, connected.uuid)).not.toEqual([]);
  }, 180_000);
});
