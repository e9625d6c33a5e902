// A run beside first loads (decision 813): the hourly schedule (or Load data now) minutes after
// accounts were connected. The run leaves an account whose first load is still queued to that
// load: it is loaded once, by its first load, which records its own row in the history. Before,
// the run took it too, and the account showed finished before its first load had ended (an
// end-to-end journey crossing the top of the hour waited for that row in vain). A first load whose
// load has ended is no longer waited for, though pg-boss may show its job active a moment longer
// (decision 814: a run got the turn in that moment and left the account unloaded).
import { catalog } from '@maya/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ETL_RUN_QUEUE } from '../../src/modules/etl';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import {
  accountSettled,
  authorize,
  organizationOwner,
  ownerQuery,
  setSandboxFaults,
  verifyCallback,
} from '../support/sources';
import { until } from '../support/until';

type Owner = Awaited<ReturnType<typeof organizationOwner>>;
type Run = { step: string; status: string; accounts: { total: number; failed: number } | null };
type Logs = { all_logs: { runs: Run[] }[] };

const HOUR_MS = 3_600_000;
/** Held waits (a provider's hour-long rate limit) go on when the test lets them. */
let release: () => void = () => undefined;
const held = new Promise<void>((resolve) => (release = resolve));
const sleep = (ms: number) => (ms >= HOUR_MS ? held : new Promise<void>((resolve) => setImmediate(resolve)));

let t: AccountsApp;
let owner: Owner;

beforeAll(async () => {
  t = await startAccountsApp({ FIRST_LOAD_MAX_DAYS: '5' }, { sleep });
  owner = await organizationOwner(t, 'run-beside-first-loads@example.com');
}, 120_000);
afterAll(async () => {
  release();
  await t?.close();
});

async function connect(credentialsId: string, identifier: string): Promise<string> {
  const connected = await call(t.base, 'POST', '/service_accounts', {
    token: owner.token,
    body: { organization_id: owner.organizationId, credentialsId, accounts: [identifier] },
  });
  expect(connected.status, JSON.stringify(connected.body)).toBe(200);
  return (connected.body.service_accounts as { uuid: string }[])[0]!.uuid;
}

describe('a run beside first loads', () => {
  it('leaves an account whose first load is queued to that load: loaded once, in the history once', async () => {
    const googleAds = catalog.find((s) => s.id === 'google_ads')!;
    const verified = await verifyCallback(t, owner, googleAds, await authorize(t, owner, googleAds));
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const credentialsId = verified.body.credentials_id as string;
    const [first, second] = (verified.body.accounts as { identifier: string; selectable: boolean }[]).filter(
      (a) => a.selectable,
    );

    // The first account's first load waits on an hour-long rate limit, in its organization's turn.
    await setSandboxFaults(t, 'google-ads', [
      { kind: 'rate_limit', retry_after_s: 3600, path: `/customers/${first!.identifier}/`, skip: 2 },
    ]);
    const firstUuid = await connect(credentialsId, first!.identifier);
    await until('the first load to reach the rate limit', async () =>
      (await setSandboxFaults(t, 'google-ads', [])) === 0 ? true : null,
    );

    // A run starts meanwhile and waits for the organization's turn; then a second account is connected.
    const triggered = await call(t.base, 'POST', '/etl/trigger', {
      token: owner.token,
      body: { organization_id: owner.organizationId },
    });
    expect(triggered.status, JSON.stringify(triggered.body)).toBe(202);
    const { boss } = t.app.platform.jobs;
    await until('the run to wait for its turn', async () =>
      (await boss.findJobs(ETL_RUN_QUEUE)).some((job) => job.state === 'active') ? true : null,
    );
    const secondUuid = await connect(credentialsId, second!.identifier);

    release();
    for (const uuid of [firstUuid, secondUuid]) {
      expect(await accountSettled(t, owner, uuid)).toMatchObject({ sync_status: 'finished' });
    }
    const logs = await until('the run to end', async () => {
      const answer = await call(t.base, 'GET', `/etl/logs?organization_id=${owner.organizationId}`, {
        token: owner.token,
      });
      const runs = (answer.body as Logs).all_logs.flatMap((day) => day.runs);
      return runs.length === 3 && runs.every((run) => run.status === 'finished') ? runs : null;
    });
    // The run loaded the account whose first load had ended, and left the other to its own.
    expect(logs.filter((run) => run.accounts !== null)).toEqual([
      expect.objectContaining({ step: '1 of 1 account loaded', accounts: { total: 1, failed: 0 } }),
    ]);
    expect(logs.filter((run) => run.step.startsWith('First load of Google Ads: '))).toHaveLength(2);
  }, 180_000);

  it('loads an account whose first load has ended though its job still shows active', async () => {
    const accounts = await call(t.base, 'GET', `/service_accounts?organization_id=${owner.organizationId}`, {
      token: owner.token,
    });
    const [first] = accounts.body.service_accounts as { uuid: string }[];
    // The moment between the handler's end and pg-boss completing its job, held.
    const reopened = await ownerQuery(
      t,
      owner.organizationId,
      `update pgboss.job set state = 'active' where name = 'sources.first-load' and data->>'serviceAccountId' = $1 returning id`,
      [first!.uuid],
    );
    expect(reopened).toHaveLength(1);
    const triggered = await call(t.base, 'POST', '/etl/trigger', {
      token: owner.token,
      body: { organization_id: owner.organizationId },
    });
    expect(triggered.status, JSON.stringify(triggered.body)).toBe(202);
    const run = await until('the second run to end', async () => {
      const answer = await call(t.base, 'GET', `/etl/logs?organization_id=${owner.organizationId}`, {
        token: owner.token,
      });
      const runs = (answer.body as Logs).all_logs
        .flatMap((day) => day.runs)
        .filter((r) => r.accounts !== null);
      return runs.length === 2 && runs.every((r) => r.status === 'finished') ? runs : null;
    });
    expect(run).toContainEqual(
      expect.objectContaining({ step: '2 of 2 accounts loaded', accounts: { total: 2, failed: 0 } }),
    );
  }, 180_000);
});
