import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcDay } from '@maya/contracts';
import { ProviderError } from '../../core/errors';
import type { Credentials, Row } from '../../core/types';
import { drain, recordingFetch, recordingSleep } from '../../testing';
import { useSandbox } from '../../testing/suite';
import { appleTokenSource, generateAppleAdsKeyPair } from './auth';
import { createAppleAdsConnector } from './connector';
import { APPLE_ADS_SANDBOX_PREFIX, appleAdsSandbox } from './sandbox';
import {
  APPLE_OAUTH_SANDBOX_PREFIX,
  appleOAuthSandbox,
  registerAppleSandboxClient,
  removeAppleSandboxClient,
} from './sandbox-token';

describe('Apple Ads connector against the sandbox', () => {
  const sandbox = useSandbox({
    apis: [
      { prefix: APPLE_OAUTH_SANDBOX_PREFIX, plugin: appleOAuthSandbox },
      { prefix: APPLE_ADS_SANDBOX_PREFIX, plugin: appleAdsSandbox },
    ],
  });
  let connector: ReturnType<typeof createAppleAdsConnector>;
  let yesterday: string;
  beforeAll(() => {
    connector = createAppleAdsConnector({ pageSize: 20, now: sandbox.harness.now });
    yesterday = addDays(utcDay(sandbox.harness.now()), -1);
  });

  type AppleCredentials = Extract<Credentials, { kind: 'apple_ads_key_pair' }>;

  /** A key pair as the product makes it, uploaded at (registered with) the sandbox Apple. */
  function uploadedCredentials(orgIds: number[] | null = null): AppleCredentials {
    const keys = generateAppleAdsKeyPair();
    const ids = registerAppleSandboxClient(sandbox.harness.stores.apple, {
      publicKeyPem: keys.publicKeyPem,
      orgIds,
    });
    return {
      kind: 'apple_ads_key_pair',
      client_id: ids.clientId,
      team_id: ids.teamId,
      key_id: ids.keyId,
      private_key_pem: keys.privateKeyPem,
    };
  }

  /** The context, its waits, and the requests it made as `METHOD url body` lines. */
  function contextFor(credentials: AppleCredentials = uploadedCredentials()) {
    const { sleep, waits } = recordingSleep();
    const recording = recordingFetch();
    const context = sandbox.context(connector, credentials, { fetch: recording.fetch, sleep });
    const requests = () => recording.requests.map((r) => `${r.method} ${r.url.href} ${r.body}`);
    return { context, waits, requests, credentials };
  }

  const org = (identifier: string) => ({ identifier, parent_id: null, metadata: {} });

  it('lists the ad accounts of the API user (GET /v1/acls, no context header)', async () => {
    const { context, requests } = contextFor();
    const node = (identifier: string, name: string, timeZone: string) => ({
      identifier,
      id_label: identifier,
      name,
      parent_id: null,
      selectable: true,
      // The ad account's reporting zone (GET /v1/ad-accounts/{id}), the ORTZ of its reports.
      metadata: { thumbnail_url: null, time_zone: timeZone },
    });
    expect(await connector.listAccounts(context)).toEqual([
      node('8150001', 'Northpeak Apps', 'America/Los_Angeles'),
      node('8150002', 'Northpeak Apps EU', 'Europe/Berlin'),
      node('8150003', 'Trailfox Games', 'Asia/Tokyo'),
    ]);
    // One client-credentials exchange with an ES256 client secret, then the API call.
    expect(requests()[0]).toMatch(
      /^POST .*\/sandbox\/apple\/auth\/oauth2\/token grant_type=client_credentials&client_id=SEARCHADS\.[^&]+&client_secret=eyJ[^&]+&scope=searchadsorg$/,
    );
    expect(requests()[1]).toMatch(/^GET .*\/sandbox\/apple-ads\/v1\/acls /);
  });

  it('shows only the ad accounts of the organizations the API user was invited to', async () => {
    const { context } = contextFor(uploadedCredentials([4242003]));
    expect((await connector.listAccounts(context)).map((a) => [a.identifier, a.parent_id])).toEqual([
      ['8150003', null],
    ]);
  });

  it('extracts all four streams across pages, reconciling campaigns, ad groups and search terms to the micro', async () => {
    const { context, requests } = contextFor();
    const range = { from: addDays(yesterday, -9), to: yesterday };
    const { streams } = await drain(connector.extract(context, org('8150001'), range));
    expect(Object.keys(streams).sort()).toEqual(['ad_groups', 'campaigns', 'keywords', 'search_terms']);
    expect(requests().filter((r) => /"offset":[1-9]/.test(r)).length).toBeGreaterThan(0);

    for (const [name, rows] of Object.entries(streams)) {
      const key = connector.streams.find((s) => s.name === name)!.primaryKey;
      expect(new Set(rows.map((row) => key.map((c) => row[c]).join('|'))).size, name).toBe(rows.length);
      for (const row of rows) {
        expect(row).toMatchObject({ account_id: '8150001', currency: 'USD' });
        expect(row.date! >= range.from && row.date! <= range.to).toBe(true);
      }
    }
    const total = (rows: Row[], by: (row: Row) => string, column: string) => {
      const sums = new Map<string, number>();
      for (const row of rows) sums.set(by(row), (sums.get(by(row)) ?? 0) + Number(row[column]));
      return sums;
    };
    const byCampaignDay = (row: Row) => `${row.date}|${row.campaign_id}`;
    for (const column of ['cost_micros', 'impressions', 'clicks', 'conversions']) {
      const campaigns = total(streams.campaigns!, byCampaignDay, column);
      expect(total(streams.ad_groups!, byCampaignDay, column)).toEqual(campaigns);
      expect(total(streams.search_terms!, byCampaignDay, column)).toEqual(campaigns);
      // A keyword's numbers are those of the search terms it matched.
      const targeted = streams.search_terms!.filter((row) => row.search_term_source === 'SEARCH');
      const byKeywordDay = (row: Row) => `${row.date}|${row.keyword_id}`;
      expect(total(targeted, byKeywordDay, column)).toEqual(total(streams.keywords!, byKeywordDay, column));
    }
    // Each campaign's channel type and placement, as Apple's campaign metadata gives them.
    for (const row of streams.campaigns!)
      expect(row).toMatchObject({ ad_channel_type: 'SEARCH', supply_source: 'APPSTORE_SEARCH_RESULTS' });
    const auto = streams.search_terms!.filter((row) => row.search_term_source === 'AUTO');
    expect(auto.length).toBeGreaterThan(0);
    expect(auto.every((row) => row.keyword_id === '' && row.keyword === null)).toBe(true);
  });

  it('reads the whole 90 days Apple’s DAILY reports reach, its 90th day included, and whole yen for JPY', async () => {
    const { context } = contextFor();
    const { streams } = await drain(
      connector.extract(context, org('8150003'), { from: addDays(yesterday, -400), to: yesterday }),
    );
    const dates = [...new Set(streams.campaigns!.map((row) => row.date as string))].sort();
    // Apple: "Date range start must be within the last 90 days": today - 90 is the earliest day.
    expect(dates[0]).toBe(addDays(utcDay(sandbox.harness.now()), -90));
    expect(dates.at(-1)).toBe(yesterday);
    expect(dates).toHaveLength(90);
    for (const row of streams.campaigns!) {
      expect(row.currency).toBe('JPY');
      expect((row.cost_micros as number) % 1_000_000).toBe(0);
    }
    const old = await drain(
      connector.extract(context, org('8150003'), {
        from: addDays(yesterday, -400),
        to: addDays(yesterday, -200),
      }),
    );
    expect(old.batches).toBe(0);
  });

  it('fetches a new access token when the API says the old one expired', async () => {
    const { context, requests } = contextFor();
    await connector.listAccounts(context);
    sandbox.harness.faults(APPLE_ADS_SANDBOX_PREFIX).add({ kind: 'expired_token' });
    expect(await connector.listAccounts(context)).toHaveLength(3);
    expect(requests().filter((r) => r.includes('/auth/oauth2/token'))).toHaveLength(2);
  });

  it('renews the access token before it runs out', async () => {
    let clock = sandbox.harness.now();
    const tokens: string[] = [];
    const input = {
      endpoints: sandbox.harness.endpoints,
      clients: sandbox.harness.clients,
      credentials: uploadedCredentials(),
    };
    const source = appleTokenSource(input, () => clock);
    tokens.push(await source.authorization());
    clock += 30 * 60_000;
    tokens.push(await source.authorization());
    clock += 30 * 60_000;
    tokens.push(await source.authorization());
    expect(tokens[0]).toBe(tokens[1]);
    expect(tokens[2]).not.toBe(tokens[1]);
  });

  it('waits as long as Apple’s 429 says', async () => {
    const { context, waits } = contextFor();
    sandbox.harness
      .faults(APPLE_ADS_SANDBOX_PREFIX)
      .add({ kind: 'rate_limit', retry_after_s: 9 }, { path: '/reports/' });
    const { streams } = await drain(
      connector.extract(context, org('8150002'), { from: addDays(yesterday, -1), to: yesterday }),
    );
    expect(waits).toEqual([9000]);
    expect(streams.campaigns!.length).toBeGreaterThan(0);
  });

  it('reads a single day without granularity (Apple: DAILY needs more than one day), from its totals', async () => {
    const { context, requests } = contextFor();
    const range = { from: yesterday, to: yesterday };
    const single = await drain(connector.extract(context, org('8150002'), range));
    const reports = requests().filter((r) => r.includes('/reports/apps/'));
    expect(reports.length).toBeGreaterThan(0);
    expect(reports.every((r) => !r.includes('granularity'))).toBe(true);
    // The same day read inside a two-day DAILY report gives the same rows.
    const both = await drain(
      connector.extract(contextFor().context, org('8150002'), {
        from: addDays(yesterday, -1),
        to: yesterday,
      }),
    );
    for (const [name, rows] of Object.entries(single.streams)) {
      expect(rows.length, name).toBeGreaterThan(0);
      expect(rows).toEqual(both.streams[name]!.filter((row) => row.date === yesterday));
    }
  });

  it('reports a refused request with Apple’s message', async () => {
    const { context } = contextFor();
    sandbox.harness
      .faults(APPLE_ADS_SANDBOX_PREFIX)
      .add({ kind: 'provider_error', message: 'CAMPAIGN DOES NOT EXIST', status: 404 });
    const error = await connector.listAccounts(context).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      kind: 'provider',
      status: 404,
      provider: 'Apple Ads',
      message: 'CAMPAIGN DOES NOT EXIST',
    });
  });

  it('asks for reconnection when the key was revoked at Apple', async () => {
    const { context, credentials } = contextFor();
    await connector.listAccounts(context);
    removeAppleSandboxClient(sandbox.harness.stores.apple, credentials.client_id);
    sandbox.harness.faults(APPLE_ADS_SANDBOX_PREFIX).add({ kind: 'revoked' });
    const error = await connector.listAccounts(context).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'reauthorization_required',
      message: expect.stringContaining('invalid_client'),
    });
  });

  it('refuses an ad account the API user cannot access, with Apple’s message', async () => {
    const { context } = contextFor(uploadedCredentials([4242003]));
    const error = await drain(
      connector.extract(context, org('8150001'), { from: yesterday, to: yesterday }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status: 403, message: 'Insufficient rights to the ad account.' });
  });

  it('maps a connection’s v5 org id to its ad account, and leaves an ad account as it is', async () => {
    const { context } = contextFor();
    expect(await connector.migrateAccount!(context, org('4242002'))).toEqual({
      identifier: '8150002',
      id_label: '8150002',
      name: 'Northpeak Apps EU',
    });
    expect(await connector.migrateAccount!(context, org('8150002'))).toBeNull();
    const invited = contextFor(uploadedCredentials([4242003])).context;
    const error = await connector.migrateAccount!(invited, org('4242001')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      kind: 'provider',
      message: expect.stringContaining('4242001 has no ad account'),
    });
  });

  it('fails on the retired Campaign Management API v5, which the Platform API host does not serve', async () => {
    const { context } = contextFor();
    const token = await appleTokenSource({
      endpoints: sandbox.harness.endpoints,
      clients: sandbox.harness.clients,
      credentials: uploadedCredentials(),
    }).authorization();
    for (const path of ['/api/v5/acls', '/v5/acls', '/v2/acls']) {
      const response = await fetch(`${context.endpoints.appleAds}${path}`, {
        headers: { authorization: token },
      });
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
  });

  it('requests only the streams asked for (the campaigns report names the campaigns to drill into)', async () => {
    const credentials = uploadedCredentials();
    const range = { from: addDays(yesterday, -2), to: yesterday };
    const only = (streams: string[]) =>
      sandbox.extract(connector, credentials, org('8150002'), range, streams);
    const reportsRead = (requests: { url: URL }[]) =>
      new Set(
        requests
          .filter((r) => r.url.pathname.includes('/reports/'))
          .map((r) => r.url.pathname.split('/').at(-2)),
      );

    const keywords = await only(['keywords']);
    expect(Object.keys(keywords.streams)).toEqual(['keywords']);
    expect(reportsRead(keywords.requests)).toEqual(new Set(['campaigns', 'keywords']));
    const campaigns = await only(['campaigns']);
    expect(Object.keys(campaigns.streams)).toEqual(['campaigns']);
    expect(reportsRead(campaigns.requests)).toEqual(new Set(['campaigns']));
    expect((await only([])).requests).toEqual([]);
  });
});
