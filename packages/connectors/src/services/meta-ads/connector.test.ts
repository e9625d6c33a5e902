import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcDay } from '@maya/contracts';
import { ProviderError } from '../../core/errors';
import type { Connector, OAuthTokens, Row } from '../../core/types';
import { META_SANDBOX_NO_AD_ACCOUNTS_EMAIL } from '../../sandbox/meta';
import { drain, recordingFetch, versionFetch, recordingSleep } from '../../testing';
import { useSandbox } from '../../testing/suite';
import { META_ADS_SCOPES, createMetaAdsConnector } from './connector';
import { META_GRAPH_VERSION } from './graph';
import { META_ADS_SANDBOX_PREFIX, metaAdsSandbox } from './sandbox';
import { LARGE_RUN_ROWS } from './sandbox-report-runs';

const connector = createMetaAdsConnector({ pageSize: 7, windowDays: 5 });
const AD_ACCOUNT = { identifier: 'act_238400000000001', parent_id: null, metadata: {} };

describe('Meta Ads connector against the sandbox', () => {
  const sandbox = useSandbox({ apis: [{ prefix: META_ADS_SANDBOX_PREFIX, plugin: metaAdsSandbox }] });
  let yesterday: string;
  beforeAll(() => {
    yesterday = addDays(utcDay(sandbox.harness.now()), -1);
  });

  /** A connected Meta account holds the 60-day token (exchanged at connect time). */
  const tokensFor = (options: { email?: string; scopes?: string[]; expiresInS?: number } = {}) =>
    sandbox.tokens('meta', options.scopes ?? META_ADS_SCOPES, {
      email: options.email,
      expiresInS: options.expiresInS ?? 60 * 86_400,
    });

  function contextFor(
    options: {
      email?: string;
      scopes?: string[];
      expiresInS?: number;
      use?: Connector;
      fetch?: typeof fetch;
    } = {},
  ) {
    const tokens = tokensFor(options);
    const stored: OAuthTokens[] = [];
    const { sleep, waits } = recordingSleep();
    const context = sandbox.context(
      options.use ?? connector,
      { kind: 'oauth2', tokens },
      { onTokens: async (next) => void stored.push(next), sleep, fetch: options.fetch },
    );
    return { context, tokens, stored, waits };
  }

  it('lists businesses with their owned and client ad accounts, and personal ad accounts at the root', async () => {
    const paged = createMetaAdsConnector({ pageSize: 1 });
    const { context } = contextFor({ use: paged });
    const tree = await paged.listAccounts(context);
    expect(tree.map((n) => [n.name, n.identifier, n.parent_id, n.selectable])).toEqual([
      ['Northpeak Outdoor GmbH', '104857600123456', null, false],
      ['Northpeak EU', 'act_238400000000001', '104857600123456', true],
      ['Northpeak US', 'act_238400000000002', '104857600123456', true],
      ['Acme Retail UK', 'act_238400000000003', '104857600123456', true],
      ['Trailfox Media KK', '104857600654321', null, false],
      ['Trailfox Japan', 'act_238400000000004', '104857600654321', true],
      ['Side project', 'act_238400000000005', null, true],
    ]);
    expect(tree[1]).toMatchObject({ id_label: '238400000000001', metadata: { thumbnail_url: null } });
    // Each ad account's `timezone_name`: Meta's reports count its days in it.
    expect(tree.map((n) => n.metadata.time_zone ?? null)).toEqual([
      null,
      'Europe/Berlin',
      'America/New_York',
      'Europe/London',
      null,
      'Asia/Tokyo',
      'Europe/Athens',
    ]);
  });

  it('answers an empty list for a user without ad accounts (the Facebook empty state)', async () => {
    const { context } = contextFor({ email: META_SANDBOX_NO_AD_ACCOUNTS_EMAIL });
    expect(await connector.listAccounts(context)).toEqual([]);
  });

  it('falls back to the ad accounts alone when business_management was declined', async () => {
    const { context } = contextFor({ scopes: ['ads_read'] });
    const tree = await connector.listAccounts(context);
    expect(tree.map((n) => [n.identifier, n.parent_id])).toEqual([
      ['act_238400000000001', null],
      ['act_238400000000002', null],
      ['act_238400000000005', null],
    ]);
  });

  it('extracts every stream across pages and windows, reconciling campaigns, ad sets and ads to the micro', async () => {
    const recording = recordingFetch();
    const { context } = contextFor({ fetch: recording.fetch });
    const range = { from: addDays(yesterday, -11), to: yesterday };
    const { streams } = await drain(connector.extract(context, AD_ACCOUNT, range));
    expect(Object.keys(streams).sort()).toEqual(['ad_sets', 'ads', 'campaigns', 'conversions']);
    // 12 days in windows of 5: 3 windows, each level paged by 7 rows.
    const pages = recording.requests.filter((r) => r.url.searchParams.has('after'));
    expect(pages.length).toBeGreaterThan(3);

    for (const [name, rows] of Object.entries(streams)) {
      const key = connector.streams.find((s) => s.name === name)!.primaryKey;
      const keys = new Set(rows.map((row) => key.map((column) => row[column]).join('|')));
      expect(keys.size, `${name} primary key is unique`).toBe(rows.length);
      for (const row of rows) {
        expect(row.account_id).toBe('act_238400000000001');
        expect(row.date! >= range.from && row.date! <= range.to).toBe(true);
      }
    }
    const campaigns = streams.campaigns!;
    expect(campaigns[0]).toMatchObject({ currency: 'EUR', cost_micros: expect.any(Number) });
    const sum = (rows: Row[], column: string) => {
      const totals = new Map<string, number>();
      for (const row of rows) {
        const key = `${row.date}|${row.campaign_id}`;
        totals.set(key, (totals.get(key) ?? 0) + Number(row[column]));
      }
      return totals;
    };
    for (const column of ['cost_micros', 'impressions', 'clicks', 'link_clicks']) {
      expect(sum(streams.ad_sets!, column)).toEqual(sum(campaigns, column));
      expect(sum(streams.ads!, column)).toEqual(sum(campaigns, column));
    }
    for (const row of campaigns) expect((row.cost_micros as number) % 10_000).toBe(0); // whole cents

    const purchases = streams.conversions!.filter((row) => row.action_type === 'purchase');
    expect(purchases.length).toBeGreaterThan(0);
    expect(purchases.every((row) => Number.isInteger(row.conversion_value_micros))).toBe(true);
    // The account's custom conversion, as Meta names it, with no value.
    const custom = streams.conversions!.filter((row) =>
      String(row.action_type).startsWith('offsite_conversion.custom.'),
    );
    expect(custom.length).toBeGreaterThan(0);
    expect(new Set(custom.map((row) => row.action_type))).toEqual(
      new Set(['offsite_conversion.custom.738400000000001']),
    );
    expect(custom.every((row) => row.conversion_value_micros === null && Number(row.conversions) > 0)).toBe(
      true,
    );
    const links = streams.conversions!.filter((row) => row.action_type === 'link_click');
    expect(links.map((row) => row.conversions).sort()).toEqual(
      campaigns
        .filter((row) => (row.link_clicks as number) > 0)
        .map((row) => row.link_clicks)
        .sort(),
    );
  });

  it('reads a large account’s insights through an asynchronous report run, polled with the injected sleep', async () => {
    const recording = recordingFetch();
    // 120 days of ads: more rows than the sandbox builds at once (LARGE_RUN_ROWS).
    const large = createMetaAdsConnector({ pageSize: 500, windowDays: 120 });
    const { context, waits } = contextFor({ fetch: recording.fetch, use: large });
    const range = { from: addDays(yesterday, -119), to: yesterday };
    const { streams } = await drain(large.extract(context, AD_ACCOUNT, range, ['ads']));
    expect(streams.ads!.length).toBeGreaterThan(LARGE_RUN_ROWS);
    const calls = recording.requests.map(
      (r) => `${r.method} ${r.url.pathname.replace(/\/\d{13}/, '/{run}')}`,
    );
    const graph = `/sandbox/meta-graph/${META_GRAPH_VERSION}`;
    expect(calls.slice(0, 5)).toEqual([
      `POST ${graph}/act_238400000000001/insights`,
      `GET ${graph}/{run}`,
      `GET ${graph}/{run}`,
      `GET ${graph}/{run}`,
      `GET ${graph}/{run}/insights`,
    ]);
    expect(calls.filter((call) => call === `GET ${graph}/act_238400000000001/insights`)).toEqual([]);
    // Not started, running, completed: two waits, none of them real.
    expect(waits).toEqual([1000, 2000]);
  });

  it('reports a failed report run as a provider error', async () => {
    const { context } = contextFor();
    const armed = await fetch(`${sandbox.harness.endpoints.metaGraph}/_sandbox/report-runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fail_next: 1 }),
    });
    expect(armed.status).toBe(200);
    const error = await drain(
      connector.extract(context, AD_ACCOUNT, { from: yesterday, to: yesterday }, ['campaigns']),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      kind: 'provider',
      message: 'Meta could not build the insights report (Job Failed).',
    });
  });

  it('turns a zero-decimal currency (JPY) into whole-yen micros', async () => {
    const { context } = contextFor();
    const { streams } = await drain(
      connector.extract(
        context,
        { identifier: 'act_238400000000004', parent_id: '104857600654321', metadata: {} },
        { from: addDays(yesterday, -2), to: yesterday },
      ),
    );
    const rows = streams.campaigns ?? [];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.currency).toBe('JPY');
      expect((row.cost_micros as number) % 1_000_000).toBe(0);
    }
  });

  it('exchanges a token about to expire for a long-lived one and hands it back to be stored', async () => {
    const { context, tokens, stored } = contextFor({ expiresInS: 30 });
    await connector.listAccounts(context);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.access_token).not.toBe(tokens.access_token);
    expect(stored[0]!.expires_at! - sandbox.harness.now()).toBeGreaterThan(59 * 24 * 3600 * 1000);
  });

  it('refreshes once after an expired-token answer (code 190, subcode 463) and carries on', async () => {
    const { context, stored } = contextFor();
    sandbox.harness.faults(META_ADS_SANDBOX_PREFIX).add({ kind: 'expired_token' });
    const tree = await connector.listAccounts(context);
    expect(tree).toHaveLength(7);
    expect(stored).toHaveLength(1);
  });

  it('waits as long as the throttling answer says, then succeeds', async () => {
    const { context, waits } = contextFor();
    sandbox.harness
      .faults(META_ADS_SANDBOX_PREFIX)
      .add({ kind: 'rate_limit', retry_after_s: 7 }, { path: '/insights' });
    const { streams } = await drain(
      connector.extract(
        context,
        { identifier: 'act_238400000000002', parent_id: null, metadata: {} },
        { from: yesterday, to: yesterday },
      ),
    );
    // The throttled start of the first report run; a day's runs are done by their first poll.
    expect(waits).toEqual([7000]);
    expect(streams.campaigns?.length).toBeGreaterThan(0);
  });

  it('reports a provider refusal with Meta’s own message', async () => {
    const { context } = contextFor();
    sandbox.harness.faults(META_ADS_SANDBOX_PREFIX).add({
      kind: 'provider_error',
      message: '(#100) Tried accessing nonexisting field (spend_x)',
    });
    const error = await connector.listAccounts(context).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      kind: 'provider',
      provider: 'Meta',
      message: '(#100) Tried accessing nonexisting field (spend_x)',
    });
  });

  it('a connector pointed at an expired Marketing API version gets Meta’s #2635 as a provider error', async () => {
    const stale = versionFetch(META_GRAPH_VERSION, 'v21.0');
    const { context } = contextFor({ fetch: stale });
    const error = await drain(
      connector.extract(context, AD_ACCOUNT, { from: yesterday, to: yesterday }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      kind: 'provider',
      provider: 'Meta',
      status: 400,
      message: `(#2635) You are calling a deprecated version of the Ads API. Please update to the latest version: ${META_GRAPH_VERSION}.`,
    });
  });

  it('asks for reconnection when the user removed the app (code 190, subcode 458)', async () => {
    const { context, stored } = contextFor();
    sandbox.harness.faults(META_ADS_SANDBOX_PREFIX).add({ kind: 'revoked' });
    const error = await connector.listAccounts(context).catch((e: unknown) => e);
    // Straight from the API's answer: no token exchange is tried for a removed app.
    expect(error).toMatchObject({
      kind: 'reauthorization_required',
      message: 'Error validating access token: The user has not authorized application.',
    });
    expect(stored).toHaveLength(0);
    // The grant is gone: the next call fails the same way, after one failed token exchange.
    const again = await connector.listAccounts(context).catch((e: unknown) => e);
    expect(again).toMatchObject({
      kind: 'reauthorization_required',
      message: 'Invalid OAuth access token - Cannot parse access token',
    });
  });

  it('refuses an ad account the user cannot see with Meta’s message', async () => {
    const { context } = contextFor({ email: META_SANDBOX_NO_AD_ACCOUNTS_EMAIL });
    const error = await drain(
      connector.extract(context, AD_ACCOUNT, { from: yesterday, to: yesterday }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'provider',
      message: expect.stringContaining("Object with ID 'act_238400000000001' does not exist"),
    });
  });

  it('requests only the streams asked for', async () => {
    const range = { from: addDays(yesterday, -2), to: yesterday };
    const only = (streams: string[]) =>
      sandbox.extract(connector, { kind: 'oauth2', tokens: tokensFor() }, AD_ACCOUNT, range, streams);
    const asked = (requests: { method: string; url: URL }[]) =>
      new Set(
        requests
          .filter((r) => r.method === 'POST')
          .map((r) => `${r.url.searchParams.get('level')} ${r.url.searchParams.get('fields')}`),
      );

    const ads = await only(['ads']);
    expect(Object.keys(ads.streams)).toEqual(['ads']);
    expect(asked(ads.requests)).toEqual(
      new Set([
        'ad campaign_id,adset_id,ad_id,ad_name,account_currency,spend,impressions,clicks,inline_link_clicks',
      ]),
    );
    const conversions = await only(['conversions']);
    expect(Object.keys(conversions.streams)).toEqual(['conversions']);
    expect(
      [...asked(conversions.requests)].every(
        (a) => a.startsWith('campaign ') && a.endsWith(',actions,action_values'),
      ),
    ).toBe(true);
    const campaigns = await only(['campaigns']);
    expect(Object.keys(campaigns.streams)).toEqual(['campaigns']);
    expect([...asked(campaigns.requests)].some((a) => a.includes('actions'))).toBe(false);
    expect((await only([])).requests).toEqual([]);
  });
});
