// The plan's years of history (issue 27: every plan limit enforced by the server): a first load
// reads back as many years as the organization's plan allows, though the provider has more.
import { connectorFor } from '@maya/connectors';
import { addDays, dayInTimeZone } from '@maya/contracts';
import { duckDbFileFor, openDuckDbWarehouse } from '@maya/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsApp } from '../support/accounts';
import { givePlan, smallPlan } from '../support/billing';
import { accountSettled, connectGoogleAds, organizationOwner, storedContext } from '../support/sources';

const connector = connectorFor('google_ads')!;
let t: AccountsApp;

beforeAll(async () => {
  // No development cap on the first load's days: the plan alone decides.
  t = await startAccountsApp({ FIRST_LOAD_MAX_DAYS: '3660' });
}, 120_000);
afterAll(() => t.close());

describe("the plan's years of history", () => {
  it('bound the first load: one year on a one-year plan, though the provider reports earlier days', async () => {
    const owner = await organizationOwner(t, 'one-year@plans.example');
    const plan = await smallPlan(t, 'one-year', { accounts: 5, users: 5, integrations: 5, customReports: 5 });
    await givePlan(t, owner.organizationId, plan);
    const { credentialsId, accounts } = await connectGoogleAds(t, owner, 1);
    const account = accounts[0]!;
    expect(await accountSettled(t, owner, account.uuid, 300_000)).toMatchObject({ sync_status: 'finished' });

    const warehouse = await openDuckDbWarehouse({
      file: duckDbFileFor(t.app.platform.config.dataDir, owner.organizationId),
      sharing: t.app.platform.warehouseFiles.sharing,
    });
    let loaded: { first: string; last: string };
    try {
      const [row] = (
        await warehouse.query(
          `SELECT min(date)::VARCHAR AS first, max(date)::VARCHAR AS last
           FROM raw.google_ads__campaigns WHERE account_id = $1`,
          [account.identifier],
          { timeoutMs: 30_000 },
        )
      ).rows;
      loaded = { first: String(row!.first), last: String(row!.last) };
    } finally {
      await warehouse.close();
    }
    // Yesterday on the account's calendar (Acme Outdoor Germany: Berlin).
    const yesterday = addDays(dayInTimeZone(new Date(), 'Europe/Berlin'), -1);
    const oneYearBack = `${Number(yesterday.slice(0, 4)) - 1}${yesterday.slice(4)}`;
    expect(loaded).toEqual({ first: addDays(oneYearBack, 1), last: yesterday });

    // The provider has the days before: the plan, not the provider, stopped the load there.
    const earlier = { from: addDays(loaded.first, -7), to: addDays(loaded.first, -1) };
    const context = await storedContext(t, owner.organizationId, credentialsId, connector);
    let earlierRows = 0;
    for await (const batch of connector.extract(
      context,
      { identifier: account.identifier, parent_id: null, metadata: {} },
      earlier,
      ['campaigns'],
    ))
      earlierRows += batch.rows.length;
    expect(earlierRows).toBeGreaterThan(0);
  }, 400_000);
});
