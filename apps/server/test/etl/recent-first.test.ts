// Recent days first (issue 31, decision 660): a newly connected account's last 90 days reach the
// reports while its older history is still loading, with the backfill's own progress on the
// account; the backfill then fills the rest with no gap. The backfill is held at its gate (an
// injected event), not timed.
import { addDays, type ReportFilter } from '@maya/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLoadRange, RECENT_FIRST_DAYS } from '../../src/modules/etl';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { accountSettled, connectGoogleAds, organizationOwner } from '../support/sources';

/** The first sandbox Google Ads account's zone (Acme Outdoor Germany): its days are Berlin's. */
const ACCOUNT_ZONE = 'Europe/Berlin';

type Owner = Awaited<ReturnType<typeof organizationOwner>>;
type Listed = { uuid: string; sync_status: string; backfill_percent: number | null };

/** The backfill's gate: each range waits for `release`; `reached` tells the first wait. */
let release: () => void = () => undefined;
const released = new Promise<void>((resolve) => (release = resolve));
let reachedGate: () => void = () => undefined;
const reached = new Promise<void>((resolve) => (reachedGate = resolve));
let ranges = 0;

let t: AccountsApp;
let owner: Owner;
let account: { uuid: string; identifier: string };

beforeAll(async () => {
  t = await startAccountsApp(
    {},
    {
      backfillGate: async () => {
        ranges += 1;
        reachedGate();
        await released;
      },
    },
  );
  owner = await organizationOwner(t, 'etl-recent@example.com');
  account = (await connectGoogleAds(t, owner, 1)).accounts[0]!;
}, 60_000);
afterAll(async () => {
  release();
  await t?.close();
});

const lastDays = (count: number): ReportFilter => ({
  id: 'date',
  kind: 'relative_date',
  table: 'performance',
  column: 'date',
  operator: 'in_the_last',
  count,
  unit: 'day',
});

/** -maya's spend by day over the plan's two years: the days the reports have. */
async function reportedDays(): Promise<string[]> {
  const answer = await call(t.base, 'POST', '/reports/-maya/query', {
    token: owner.token,
    body: {
      organization_id: owner.organizationId,
      report: '-maya',
      page: 'channels',
      visual_id: 'daily-performance',
      filters: [lastDays(800)],
      date_range: null,
      sort: null,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.rows as Record<string, unknown>[]).map((row) => String(row.date)).sort();
}

async function listed(): Promise<Listed> {
  const list = await call(t.base, 'GET', `/service_accounts?organization_id=${owner.organizationId}`, {
    token: owner.token,
  });
  return (list.body.service_accounts as Listed[]).find((a) => a.uuid === account.uuid)!;
}

describe('a first load of two years', () => {
  it('reports the recent days while the older history waits, with its progress', async () => {
    await reached;
    // The first load has queued the backfill; it reports the account once the model is built.
    let shown = await listed();
    while (shown.sync_status !== 'finished') {
      expect(shown.sync_status).not.toBe('failed');
      await new Promise((resolve) => setTimeout(resolve, 100));
      shown = await listed();
    }
    const range = firstLoadRange(2, new Date(), null, ACCOUNT_ZONE);
    const recentFrom = addDays(range.to, 1 - RECENT_FIRST_DAYS);
    expect(shown.backfill_percent).toBe(Math.floor((RECENT_FIRST_DAYS * 100) / 731));

    const days = await reportedDays();
    expect(days.length).toBeGreaterThan(RECENT_FIRST_DAYS / 2);
    expect(days[0]! >= recentFrom).toBe(true);
    expect(days.at(-1)).toBe(range.to);
    expect(ranges).toBe(1); // held before its first range: nothing older is in yet
  }, 120_000);

  it('then backfills the rest, newest first, and the reports have every day with no gap', async () => {
    release();
    const settled = await accountSettled(t, owner, account.uuid);
    expect(settled).toMatchObject({ sync_status: 'finished', backfill_percent: null });
    const days = await reportedDays();
    const range = firstLoadRange(2, new Date(), null, ACCOUNT_ZONE);
    expect(days.at(-1)).toBe(range.to);
    expect(days[0]! < addDays(range.to, -600)).toBe(true);
    // No day missing between the first and the last reported day.
    for (let i = 1; i < days.length; i += 1) expect(days[i]).toBe(addDays(days[i - 1]!, 1));
    expect(ranges).toBeGreaterThan(1);
  }, 180_000);
});
