import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../core/errors';
import type { AccountRef, Connector, OAuthTokens, Row } from '../../core/types';
import { drain, recordingSleep, sortedRows as sorted } from '../../testing';
import type { TestContextOptions } from '../../testing/suite';
import { useSandbox } from '../../testing/suite';
import { createGa4Connector, GA4_SCOPE, ga4Connector } from './connector';
import { GA4_SANDBOX_PREFIX, ga4Sandbox } from './sandbox';

const RANGE = { from: '2025-05-01', to: '2025-05-14' };
const PROPERTY: AccountRef = {
  identifier: 'properties/310000001',
  parent_id: 'accounts/1000001',
  metadata: {},
};

const sandbox = useSandbox({
  apis: [{ prefix: GA4_SANDBOX_PREFIX, plugin: ga4Sandbox }],
  now: Date.UTC(2025, 5, 15, 12),
});
const credentials = () => ({ kind: 'oauth2', tokens: sandbox.tokens('google', [GA4_SCOPE]) }) as const;
const context = (connector: Connector, options?: TestContextOptions) =>
  sandbox.context(connector, credentials(), options);
const collect = (connector: Connector, account = PROPERTY, range = RANGE, ctx = context(connector)) =>
  drain(connector.extract(ctx, account, range));

function sumBy(rows: Row[], column: string, filter: (row: Row) => boolean = () => true) {
  const sums = new Map<string, number>();
  for (const row of rows)
    if (filter(row)) sums.set(String(row.date), (sums.get(String(row.date)) ?? 0) + Number(row[column]));
  return sums;
}

describe('GA4 connector', () => {
  it('lists accounts as unselectable parents of their properties, across pages, leaving out empty accounts', async () => {
    const connector = createGa4Connector({ pageSize: 1 });
    const accounts = await connector.listAccounts(context(connector));
    expect(accounts.map((a) => [a.identifier, a.id_label, a.name, a.parent_id, a.selectable])).toEqual([
      ['accounts/1000001', '1000001', 'Acme Outdoor', null, false],
      ['properties/310000001', '310000001', 'acme.example - GA4', 'accounts/1000001', true],
      ['properties/310000002', '310000002', 'Acme app', 'accounts/1000001', true],
      ['accounts/1000002', '1000002', 'Trailfox Ltd', null, false],
      ['properties/320000001', '320000001', 'trailfox.example', 'accounts/1000002', true],
    ]);
    // Each property's reporting zone (Admin API properties.get): its report days are that zone's.
    expect(accounts.map((a) => a.metadata.time_zone ?? null)).toEqual([
      null,
      'Europe/Athens',
      'Europe/Athens',
      null,
      'Europe/London',
    ]);
  });

  it('extracts both reports page by page, the same rows as in one page each', async () => {
    const paged = await collect(createGa4Connector({ limit: 200, windowDays: 7 }));
    const whole = await collect(ga4Connector);
    const traffic = paged.streams.traffic_daily!;
    const events = paged.streams.events_daily!;
    expect(traffic.length).toBeGreaterThan(5 * 200);
    expect(paged.batches).toBeGreaterThan(whole.batches + 5);
    expect(sorted(traffic)).toEqual(sorted(whole.streams.traffic_daily!));
    expect(sorted(events)).toEqual(sorted(whole.streams.events_daily!));

    const trafficKeys = traffic.map((r) =>
      [r.date, r.source, r.medium, r.campaign, r.device_category, r.country].join('|'),
    );
    expect(new Set(trafficKeys).size).toBe(traffic.length);
    expect(new Set(events.map((r) => `${r.date}|${r.event_name}`)).size).toBe(events.length);
    expect(new Set(traffic.map((r) => r.date)).size).toBe(14);
    expect(traffic[0]).toMatchObject({
      account_id: 'properties/310000001',
      date: expect.stringMatching(/^2025-05-\d\d$/),
      currency: 'EUR',
      sessions: expect.any(Number),
      revenue_micros: expect.any(Number),
    });
    expect(
      traffic.every((r) => Number.isInteger(r.revenue_micros) && Number(r.revenue_micros) % 10_000 === 0),
    ).toBe(true);
  });

  it('the events report agrees with the traffic report on every day', async () => {
    const { streams } = await collect(ga4Connector);
    const traffic = streams.traffic_daily!;
    const events = streams.events_daily!;
    const only = (name: string) => (row: Row) => row.event_name === name;
    expect(sumBy(events, 'event_count', only('session_start'))).toEqual(sumBy(traffic, 'sessions'));
    expect(sumBy(events, 'event_count', only('purchase'))).toEqual(sumBy(traffic, 'key_events'));
    expect(sumBy(events, 'revenue_micros')).toEqual(sumBy(traffic, 'revenue_micros'));
    expect(sumBy(events, 'event_count', only('first_visit'))).toEqual(sumBy(traffic, 'new_users'));
  });

  it('refreshes an expired token after a 401 and hands the new tokens back', async () => {
    const stored: OAuthTokens[] = [];
    const ctx = context(ga4Connector, { onTokens: async (t) => void stored.push(t) });
    sandbox.harness.faults(GA4_SANDBOX_PREFIX).add({ kind: 'expired_token' }, { path: 'runReport' });
    const { streams } = await collect(ga4Connector, PROPERTY, { from: '2025-05-01', to: '2025-05-01' }, ctx);
    expect(streams.traffic_daily!.length).toBeGreaterThan(0);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.refresh_token).not.toBeNull();
  });

  it('backs off on RESOURCE_EXHAUSTED as Retry-After says', async () => {
    const { sleep, waits } = recordingSleep();
    sandbox.harness
      .faults(GA4_SANDBOX_PREFIX)
      .add({ kind: 'rate_limit', retry_after_s: 30 }, { path: 'runReport' });
    const { streams } = await collect(
      ga4Connector,
      PROPERTY,
      { from: '2025-05-01', to: '2025-05-01' },
      context(ga4Connector, { sleep }),
    );
    expect(waits).toEqual([30_000]);
    expect(streams.events_daily!.length).toBeGreaterThan(0);
  });

  it("turns a refused property into a ProviderError with Google's message", async () => {
    const error = await collect(ga4Connector, { ...PROPERTY, identifier: 'properties/999' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      kind: 'provider',
      status: 403,
      message: expect.stringContaining('User does not have sufficient permissions for this property'),
    });
  });

  it('gives up with rate_limited when the quota stays exhausted', async () => {
    const { sleep, waits } = recordingSleep();
    sandbox.harness.faults(GA4_SANDBOX_PREFIX).add({ kind: 'rate_limit', retry_after_s: 1 }, { times: -1 });
    const error = await ga4Connector.listAccounts(context(ga4Connector, { sleep })).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ProviderError', kind: 'rate_limited', status: 429 });
    expect(waits).toHaveLength(5);
  });

  it('a revoked grant asks for reauthorization', async () => {
    sandbox.harness.faults(GA4_SANDBOX_PREFIX).add({ kind: 'revoked' });
    const error = await ga4Connector.listAccounts(context(ga4Connector)).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ProviderError', kind: 'reauthorization_required' });
  });

  it('requests only the streams asked for', async () => {
    const only = (streams: string[]) =>
      sandbox.extract(ga4Connector, credentials(), PROPERTY, RANGE, streams);
    const dimensionsAsked = (requests: { body: string }[]) =>
      new Set(
        requests.map((r) => (JSON.parse(r.body) as { dimensions: { name: string }[] }).dimensions[1]?.name),
      );

    const events = await only(['events_daily']);
    expect(Object.keys(events.streams)).toEqual(['events_daily']);
    expect(dimensionsAsked(events.requests)).toEqual(new Set(['eventName']));
    const traffic = await only(['traffic_daily']);
    expect(Object.keys(traffic.streams)).toEqual(['traffic_daily']);
    expect(dimensionsAsked(traffic.requests)).toEqual(new Set(['sessionSource']));
    expect((await only([])).requests).toEqual([]);
  });
});
