import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@maya/contracts';
import { ProviderError } from '../../core/errors';
import type { AccountRef, Connector } from '../../core/types';
import { datesWithData, historyWindow } from '../../sandbox/apis/data';
import { SANDBOX_SERVICE_ACCOUNT_EMAIL } from '../../core/sandbox-service-account';
import { drain, recordingFetch, recordingSleep, sortedRows as sorted } from '../../testing';
import type { TestContextOptions } from '../../testing/suite';
import { useSandbox } from '../../testing/suite';
import { ga4ExportServiceAccountEmail } from './auth';
import { createGa4EventsConnector, ga4EventsConnector } from './connector';
import { BIGQUERY_SANDBOX_PREFIX, bigQuerySandbox } from './sandbox';
import { eventRows, SANDBOX_DATASETS } from './sandbox-data';
import type { Attribution } from './sql';

const ACCOUNT: AccountRef = {
  identifier: 'maya-demo-project.analytics_123456789',
  parent_id: null,
  metadata: {},
};

// The sandbox token endpoint checks the assertion's iat/exp on its clock: run it on the real one.
const sandbox = useSandbox({ apis: [{ prefix: BIGQUERY_SANDBOX_PREFIX, plugin: bigQuerySandbox }] });
let range: { from: string; to: string };
beforeAll(() => {
  const { last } = historyWindow(sandbox.harness.now());
  range = { from: addDays(last, -19), to: last };
});

const credentials = (dataset = 'analytics_123456789') =>
  ({ kind: 'gcp_dataset', project_id: 'maya-demo-project', dataset_id: dataset }) as const;
const context = (connector: Connector, options: TestContextOptions & { dataset?: string } = {}) =>
  sandbox.context(connector, credentials(options.dataset), options);

async function collect(connector: Connector, ctx = context(connector), r = range) {
  const { streams, batches } = await drain(connector.extract(ctx, ACCOUNT, r));
  expect(Object.keys(streams).filter((name) => name !== 'events_daily')).toEqual([]);
  return { rows: streams.events_daily ?? [], batches };
}

describe('GA4 events (BigQuery export) connector', () => {
  it("names the product's service account customers grant access to", () => {
    expect(ga4ExportServiceAccountEmail(sandbox.harness.clients)).toBe(SANDBOX_SERVICE_ACCOUNT_EMAIL);
    expect(
      ga4ExportServiceAccountEmail({ ...sandbox.harness.clients, googleServiceAccount: null }),
    ).toBeNull();
  });

  it('verifies the dataset as the service account and offers it as the one account', async () => {
    const accounts = await ga4EventsConnector.listAccounts(context(ga4EventsConnector));
    expect(accounts).toEqual([
      {
        identifier: 'maya-demo-project.analytics_123456789',
        id_label: 'maya-demo-project.analytics_123456789',
        name: 'analytics_123456789',
        parent_id: null,
        selectable: true,
        metadata: { thumbnail_url: null },
      },
    ]);
    const grants = [...sandbox.harness.stores.google.accessTokens.values()].map((t) => t.grant);
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

  it("groups by the session's traffic source as GA4's session reports do, not the user's first touch", async () => {
    const { rows } = await collect(ga4EventsConnector);
    const dataset = SANDBOX_DATASETS[0]!;
    const bySource = (list: { source: unknown; medium: unknown; campaign: unknown; count: number }[]) => {
      const totals: Record<string, number> = {};
      for (const r of list) {
        const key = `${String(r.source)}/${String(r.medium)}/${String(r.campaign)}`;
        totals[key] = (totals[key] ?? 0) + r.count;
      }
      return totals;
    };
    const exported = (attribution: Attribution) =>
      bySource(
        datesWithData(range.from, range.to, sandbox.harness.now())
          .flatMap((date) => eventRows(dataset, date, attribution))
          .map(([, , source, medium, campaign, count]) => ({ source, medium, campaign, count })),
      );
    const loaded = bySource(
      rows.map((r) => ({
        source: r.source,
        medium: r.medium,
        campaign: r.campaign,
        count: Number(r.event_count),
      })),
    );
    expect(loaded).toEqual(exported('session'));
    // The export's first-touch grouping holds the same events, credited to other sources.
    const firstTouch = exported('first_touch');
    const total = (totals: Record<string, number>) => Object.values(totals).reduce((a, b) => a + b, 0);
    expect(total(firstTouch)).toBe(total(loaded));
    expect(loaded['newsletter/email/weekly_digest']).toBeGreaterThan(
      firstTouch['newsletter/email/weekly_digest']!,
    );
    expect(loaded['(direct)/(none)/(direct)']).toBeGreaterThan(firstTouch['(direct)/(none)/(direct)']!);
  });

  it('clips the range to the daily tables and polls a job that is not finished yet', async () => {
    const early = { from: '2000-01-01', to: addDays(historyWindow(sandbox.harness.now()).first, 1) };
    const { rows } = await collect(
      createGa4EventsConnector({ queryTimeoutMs: 0 }),
      context(ga4EventsConnector),
      early,
    );
    expect(new Set(rows.map((r) => r.date))).toEqual(
      new Set([historyWindow(sandbox.harness.now()).first, early.to]),
    );
    const recorder = recordingFetch();
    const polled = await collect(
      createGa4EventsConnector({ queryTimeoutMs: 0 }),
      context(ga4EventsConnector, { fetch: recorder.fetch }),
      { from: range.to, to: range.to },
    );
    expect(polled.rows.length).toBeGreaterThan(0);
    expect(recorder.requests.filter((r) => /\/queries\/job_/.test(r.url.pathname))).toHaveLength(1);
  });

  it('signs a new assertion when the access token is refused (401)', async () => {
    const recorder = recordingFetch();
    const ctx = context(ga4EventsConnector, { fetch: recorder.fetch });
    await ga4EventsConnector.listAccounts(ctx);
    sandbox.harness.faults(BIGQUERY_SANDBOX_PREFIX).add({ kind: 'expired_token' });
    await ga4EventsConnector.listAccounts(ctx);
    // A revoked token: service account tokens are simply minted again.
    sandbox.harness.faults(BIGQUERY_SANDBOX_PREFIX).add({ kind: 'revoked' });
    await ga4EventsConnector.listAccounts(ctx);
    expect(recorder.requests.filter((r) => r.url.pathname.endsWith('/sandbox/google/token'))).toHaveLength(3);
  });

  it('waits as Retry-After says on 429', async () => {
    const { sleep, waits } = recordingSleep();
    sandbox.harness
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
      ...sandbox.harness.clients,
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
        context(ga4EventsConnector, { clients: { ...sandbox.harness.clients, googleServiceAccount: null } }),
      )
      .catch((e: unknown) => e);
    expect(none).toMatchObject({ kind: 'provider', message: expect.stringContaining('not configured') });
    const garbled = {
      ...sandbox.harness.clients,
      googleServiceAccount: { clientEmail: SANDBOX_SERVICE_ACCOUNT_EMAIL, privateKeyPem: 'nope' },
    };
    const bad = await ga4EventsConnector
      .listAccounts(context(ga4EventsConnector, { clients: garbled }))
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({ kind: 'provider', message: expect.stringContaining('PKCS#8') });
  });

  it('requests nothing when its stream is not asked for', async () => {
    const only = (streams: string[]) =>
      sandbox.extract(ga4EventsConnector, credentials(), ACCOUNT, range, streams);
    const events = await only(['events_daily']);
    expect(Object.keys(events.streams)).toEqual(['events_daily']);
    expect(events.requests.some((r) => r.url.pathname.endsWith('/queries'))).toBe(true);
    expect((await only([])).requests).toEqual([]);
  });
});
