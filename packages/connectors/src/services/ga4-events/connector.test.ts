import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectorContext } from '../../core/context';
import { ProviderError } from '../../core/errors';
import type { ProviderClients } from '../../core/endpoints';
import type { AccountRef, Connector, Row } from '../../core/types';
import { historyWindow } from '../../sandbox/apis/data';
import { SANDBOX_SERVICE_ACCOUNT_EMAIL } from '../../sandbox/service-accounts';
import { recordingSleep, startHarness } from '../../testing';
import type { Harness } from '../../testing';
import { ga4ExportServiceAccountEmail } from './auth';
import { createGa4EventsConnector, ga4EventsConnector } from './connector';
import { BIGQUERY_SANDBOX_PREFIX, bigQuerySandbox } from './sandbox';

// The sandbox token endpoint checks the assertion's iat/exp on its clock: run it on the real one.
let harness: Harness;
let range: { from: string; to: string };
const ACCOUNT: AccountRef = {
  identifier: 'maya-demo-project.analytics_123456789',
  parent_id: null,
  metadata: {},
};
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  harness = await startHarness({ apis: [{ prefix: BIGQUERY_SANDBOX_PREFIX, plugin: bigQuerySandbox }] });
  const { last } = historyWindow(harness.now());
  range = { from: addDays(last, -19), to: last };
});
afterAll(() => harness.close());
beforeEach(() => harness.faults(BIGQUERY_SANDBOX_PREFIX).clear());

/** A fetch that remembers the paths it was asked for. */
function recordingFetch() {
  const paths: string[] = [];
  const recorded: typeof fetch = (input, init) => {
    paths.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    return fetch(input, init);
  };
  return { fetch: recorded, paths };
}

function context(
  connector: Connector,
  options: {
    dataset?: string;
    clients?: ProviderClients;
    sleep?: (ms: number) => Promise<void>;
    fetch?: typeof fetch;
  } = {},
) {
  return connectorContext({
    connector,
    endpoints: harness.endpoints,
    clients: options.clients ?? harness.clients,
    credentials: {
      kind: 'gcp_dataset',
      project_id: 'maya-demo-project',
      dataset_id: options.dataset ?? 'analytics_123456789',
    },
    sleep: options.sleep,
    fetch: options.fetch,
  });
}

async function collect(connector: Connector, ctx = context(connector), r = range) {
  const rows: Row[] = [];
  let batches = 0;
  for await (const batch of connector.extract(ctx, ACCOUNT, r)) {
    expect(batch.stream).toBe('events_daily');
    batches++;
    rows.push(...batch.rows);
  }
  return { rows, batches };
}
const sorted = (rows: Row[]) => rows.map((r) => JSON.stringify(r)).sort();

describe('GA4 events (BigQuery export) connector', () => {
  it("names the product's service account customers grant access to", () => {
    expect(ga4ExportServiceAccountEmail(harness.clients)).toBe(SANDBOX_SERVICE_ACCOUNT_EMAIL);
    expect(ga4ExportServiceAccountEmail({ ...harness.clients, googleServiceAccount: null })).toBeNull();
  });

  it('verifies the dataset as the service account and offers it as the one account', async () => {
    const accounts = await ga4EventsConnector.listAccounts(context(ga4EventsConnector));
    expect(accounts).toEqual([
      {
        identifier: 'maya-demo-project.analytics_123456789',
        id_label: 'Dataset',
        name: 'analytics_123456789',
        parent_id: null,
        selectable: true,
        metadata: { thumbnail_url: null },
      },
    ]);
    const grants = [...harness.stores.google.accessTokens.values()].map((t) => t.grant);
    expect(grants).toContainEqual(
      expect.objectContaining({
        clientId: SANDBOX_SERVICE_ACCOUNT_EMAIL,
        scopes: ['https://www.googleapis.com/auth/bigquery.readonly'],
      }),
    );
  });

  it("answers BigQuery's own messages for a dataset not shared, missing or misnamed", async () => {
    const denied = await ga4EventsConnector
      .listAccounts(context(ga4EventsConnector, { dataset: 'analytics_987654321' }))
      .catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(ProviderError);
    expect(denied).toMatchObject({
      kind: 'provider',
      status: 403,
      message: expect.stringMatching(
        /^Access Denied: Dataset maya-demo-project:analytics_987654321: Permission bigquery\.datasets\.get denied/,
      ),
    });
    const missing = await ga4EventsConnector
      .listAccounts(context(ga4EventsConnector, { dataset: 'analytics_111' }))
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({
      kind: 'provider',
      status: 404,
      message: 'Not found: Dataset maya-demo-project:analytics_111',
    });
    const misnamed = await ga4EventsConnector
      .listAccounts(context(ga4EventsConnector, { dataset: 'my_dataset' }))
      .catch((e: unknown) => e);
    expect(misnamed).toMatchObject({
      kind: 'provider',
      message: expect.stringContaining('analytics_ followed by digits'),
    });
  });

  it('extracts the events page by page through getQueryResults, the same rows as in one page', async () => {
    const paged = await collect(createGa4EventsConnector({ maxResults: 60, windowDays: 7 }));
    const whole = await collect(ga4EventsConnector);
    expect(paged.rows.length).toBeGreaterThan(10 * 60);
    expect(paged.batches).toBeGreaterThan(10);
    expect(whole.batches).toBe(1);
    expect(sorted(paged.rows)).toEqual(sorted(whole.rows));
    const keys = paged.rows.map((r) => [r.date, r.event_name, r.source, r.medium, r.campaign].join('|'));
    expect(new Set(keys).size).toBe(paged.rows.length);
    expect(new Set(paged.rows.map((r) => r.date)).size).toBe(20);
    expect(paged.rows[0]).toEqual({
      account_id: 'maya-demo-project.analytics_123456789',
      date: range.from,
      event_name: expect.any(String),
      source: expect.any(String),
      medium: expect.any(String),
      campaign: expect.any(String),
      event_count: expect.any(Number),
      users: expect.any(Number),
      revenue_micros: expect.any(Number),
      currency: 'USD',
    });
    expect(
      paged.rows.filter((r) => Number(r.revenue_micros) > 0).every((r) => r.event_name === 'purchase'),
    ).toBe(true);
    expect(paged.rows.some((r) => r.event_name === 'purchase')).toBe(true);
  });

  it('clips the range to the daily tables and polls a job that is not finished yet', async () => {
    const early = { from: '2000-01-01', to: addDays(historyWindow(harness.now()).first, 1) };
    const { rows } = await collect(
      createGa4EventsConnector({ queryTimeoutMs: 0 }),
      context(ga4EventsConnector),
      early,
    );
    expect(new Set(rows.map((r) => r.date))).toEqual(new Set([historyWindow(harness.now()).first, early.to]));
    const recorder = recordingFetch();
    const polled = await collect(
      createGa4EventsConnector({ queryTimeoutMs: 0 }),
      context(ga4EventsConnector, { fetch: recorder.fetch }),
      { from: range.to, to: range.to },
    );
    expect(polled.rows.length).toBeGreaterThan(0);
    expect(recorder.paths.filter((p) => /\/queries\/job_/.test(p))).toHaveLength(1);
  });

  it('signs a new assertion when the access token is refused (401)', async () => {
    const recorder = recordingFetch();
    const ctx = context(ga4EventsConnector, { fetch: recorder.fetch });
    await ga4EventsConnector.listAccounts(ctx);
    harness.faults(BIGQUERY_SANDBOX_PREFIX).add({ kind: 'expired_token' });
    await ga4EventsConnector.listAccounts(ctx);
    // A revoked token: service account tokens are simply minted again.
    harness.faults(BIGQUERY_SANDBOX_PREFIX).add({ kind: 'revoked' });
    await ga4EventsConnector.listAccounts(ctx);
    expect(recorder.paths.filter((p) => p.endsWith('/sandbox/google/token'))).toHaveLength(3);
  });

  it('waits as Retry-After says on 429', async () => {
    const { sleep, waits } = recordingSleep();
    harness
      .faults(BIGQUERY_SANDBOX_PREFIX)
      .add({ kind: 'rate_limit', retry_after_s: 4 }, { path: '/queries' });
    const { rows } = await collect(ga4EventsConnector, context(ga4EventsConnector, { sleep }), {
      from: range.to,
      to: range.to,
    });
    expect(waits).toEqual([4000]);
    expect(rows.length).toBeGreaterThan(0);
  });

  it("a key the token endpoint does not trust is a provider error with Google's message", async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const clients = {
      ...harness.clients,
      googleServiceAccount: {
        clientEmail: SANDBOX_SERVICE_ACCOUNT_EMAIL,
        privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
    };
    const error = await ga4EventsConnector
      .listAccounts(context(ga4EventsConnector, { clients }))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'ProviderError',
      kind: 'provider',
      status: 400,
      message: 'Invalid JWT Signature.',
    });
    const none = await ga4EventsConnector
      .listAccounts(
        context(ga4EventsConnector, { clients: { ...harness.clients, googleServiceAccount: null } }),
      )
      .catch((e: unknown) => e);
    expect(none).toMatchObject({ kind: 'provider', message: expect.stringContaining('not configured') });
    const garbled = {
      ...harness.clients,
      googleServiceAccount: { clientEmail: SANDBOX_SERVICE_ACCOUNT_EMAIL, privateKeyPem: 'nope' },
    };
    const bad = await ga4EventsConnector
      .listAccounts(context(ga4EventsConnector, { clients: garbled }))
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({ kind: 'provider', message: expect.stringContaining('PKCS#8') });
  });
});
