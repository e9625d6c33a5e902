import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../core/errors';
import type { AccountRef, DateRange, OAuthTokens, Row } from '../../core/types';
import { drain, recordingFetch, versionFetch, recordingSleep, sortedRows as sorted } from '../../testing';
import type { TestContextOptions } from '../../testing/suite';
import { useSandbox } from '../../testing/suite';
import { GOOGLE_ADS_API_VERSION, GOOGLE_ADS_SCOPE } from './api';
import { googleAdsConnector } from './connector';
import { GOOGLE_ADS_SANDBOX_PREFIX, googleAdsSandbox } from './sandbox';
import { GOOGLE_ADS_STREAMS } from './streams';

const MANAGER = '5190427761';
const CLIENT = '3816209475';
const DIRECT = '8123940567';
const client: AccountRef = { identifier: CLIENT, parent_id: MANAGER, metadata: {} };

const sandbox = useSandbox({
  apis: [{ prefix: GOOGLE_ADS_SANDBOX_PREFIX, plugin: googleAdsSandbox }],
  now: Date.UTC(2025, 5, 15, 12),
});

const tokensFor = (email?: string) => sandbox.tokens('google', [GOOGLE_ADS_SCOPE], { email });
const credentials = (tokens = tokensFor()) => ({ kind: 'oauth2', tokens }) as const;
const context = (options: TestContextOptions & { tokens?: OAuthTokens } = {}) =>
  sandbox.context(googleAdsConnector, credentials(options.tokens), options);

async function collect(account: AccountRef, range: DateRange, ctx = context()) {
  return (await drain(googleAdsConnector.extract(ctx, account, range))).streams;
}

const sum = (rows: Row[], column: string) => rows.reduce((total, row) => total + Number(row[column]), 0);

/** Sums of a metric per key, to compare the levels. */
function totals(rows: Row[], keys: string[], column: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const row of rows) {
    const key = keys.map((k) => String(row[k])).join('|');
    out.set(key, (out.get(key) ?? 0) + Number(row[column]));
  }
  return out;
}

describe('Google Ads connector', () => {
  it('lists the manager accounts with their clients below them, and the directly accessible client', async () => {
    const accounts = await googleAdsConnector.listAccounts(context());
    expect(accounts.map((a) => [a.identifier, a.id_label, a.parent_id, a.selectable])).toEqual([
      [MANAGER, '519-042-7761', null, false],
      [CLIENT, '381-620-9475', MANAGER, true],
      ['4402918356', '440-291-8356', MANAGER, true],
      ['7731908264', '773-190-8264', null, false],
      ['6209183745', '620-918-3745', '7731908264', true],
      // The cancelled Canada account is left out.
      ['2958301746', '295-830-1746', '7731908264', true],
      [DIRECT, '812-394-0567', null, true],
    ]);
    expect(accounts.find((a) => a.identifier === CLIENT)).toMatchObject({
      name: 'Acme Outdoor Germany',
      metadata: { thumbnail_url: null },
    });
    // Each client account's zone (`customer_client.time_zone`), whose days its reports are on;
    // a manager groups accounts and has none.
    expect(accounts.map((a) => [a.identifier, a.metadata.time_zone ?? null])).toEqual([
      [MANAGER, null],
      [CLIENT, 'Europe/Berlin'],
      ['4402918356', 'Europe/Paris'],
      ['7731908264', null],
      ['6209183745', 'America/New_York'],
      ['2958301746', 'Europe/London'],
      [DIRECT, 'Europe/Athens'],
    ]);
  });

  it('lists nothing for a Google account without Google Ads access', async () => {
    expect(
      await googleAdsConnector.listAccounts(context({ tokens: tokensFor('charles@example.org') })),
    ).toEqual([]);
  });

  it('extracts every stream page by page, the same rows as window by window, reconciling level to level', async () => {
    const range = { from: '2025-03-01', to: '2025-05-14' };
    const counting = recordingFetch();
    const whole = await collect(client, range, context({ fetch: counting.fetch }));
    expect(Object.keys(whole).sort()).toEqual(GOOGLE_ADS_STREAMS.map((s) => s.name).sort());

    // About 300 search terms a day: 75 days are more than two pages of 10,000 rows.
    const searchTerms = whole.search_terms!;
    expect(searchTerms.length).toBeGreaterThan(20_000);
    const termPages = counting.requests.filter((r) => r.body.includes('FROM search_term_view'));
    expect(termPages.length).toBe(Math.ceil(searchTerms.length / 10_000));
    expect(termPages.slice(1).every((r) => r.body.includes('pageToken'))).toBe(true);

    const windows: Record<string, Row[]> = {};
    for (const window of [
      { from: '2025-03-01', to: '2025-03-25' },
      { from: '2025-03-26', to: '2025-04-19' },
      { from: '2025-04-20', to: '2025-05-14' },
    ]) {
      for (const [stream, rows] of Object.entries(await collect(client, window)))
        (windows[stream] ??= []).push(...rows);
    }
    for (const stream of GOOGLE_ADS_STREAMS) {
      const rows = whole[stream.name]!;
      expect(sorted(rows)).toEqual(sorted(windows[stream.name]!));
      const keys = new Set(rows.map((r) => stream.primaryKey.map((k) => String(r[k])).join('|')));
      expect(keys.size, stream.name).toBe(rows.length);
      expect(
        rows.every((r) => r.account_id === CLIENT && r.currency === 'EUR' && String(r.date) >= range.from),
      ).toBe(true);
    }

    // Campaign = sum of its ad groups; search ad group = sum of its keywords = sum of its search terms.
    for (const metric of ['impressions', 'clicks', 'cost_micros', 'conversions', 'conversions_value']) {
      const campaigns = totals(whole.campaigns!, ['date', 'campaign_id'], metric);
      expect(totals(whole.ad_groups!, ['date', 'campaign_id'], metric)).toEqual(campaigns);
      const keywordGroups = totals(whole.keywords!, ['date', 'ad_group_id'], metric);
      expect(totals(searchTerms, ['date', 'ad_group_id'], metric)).toEqual(keywordGroups);
      const searchGroups = totals(
        whole.ad_groups!.filter((r) => r.ad_group_type === 'SEARCH_STANDARD'),
        ['date', 'ad_group_id'],
        metric,
      );
      expect(keywordGroups).toEqual(searchGroups);
    }
    for (const metric of ['conversions', 'conversions_value']) {
      const byCampaign = totals(whole.campaigns!, ['date', 'campaign_id'], metric);
      for (const [key, value] of byCampaign) if (value === 0) byCampaign.delete(key);
      expect(totals(whole.conversion_actions!, ['date', 'campaign_id'], metric)).toEqual(byCampaign);
    }
    expect(sum(whole.campaigns!, 'cost_micros') % 10_000).toBe(0);
    expect(new Set(whole.campaigns!.map((r) => r.channel_type))).toEqual(
      new Set(['SEARCH', 'SHOPPING', 'DISPLAY']),
    );
    // Search terms name their campaign and ad group through the view's resource name.
    const adGroupCampaigns = new Set(whole.ad_groups!.map((r) => `${r.campaign_id}/${r.ad_group_id}`));
    expect(searchTerms.every((r) => adGroupCampaigns.has(`${r.campaign_id}/${r.ad_group_id}`))).toBe(true);
    expect(new Set(searchTerms.map((r) => r.match_type))).toEqual(
      new Set(['EXACT', 'NEAR_EXACT', 'PHRASE', 'BROAD']),
    );
  });

  it('reads a directly accessible client without a manager', async () => {
    const streams = await collect(
      { identifier: DIRECT, parent_id: null, metadata: {} },
      { from: '2025-06-10', to: '2025-06-12' },
    );
    expect(new Set(streams.campaigns!.map((r) => r.date))).toEqual(
      new Set(['2025-06-10', '2025-06-11', '2025-06-12']),
    );
    expect(streams.search_terms!.length).toBeGreaterThan(600);
  });

  it('finds the manager to read a client through when the parent is not given', async () => {
    const counting = recordingFetch();
    const day = { from: '2025-06-10', to: '2025-06-10' };
    const streams = await collect(
      { identifier: CLIENT, parent_id: null, metadata: {} },
      day,
      context({ fetch: counting.fetch }),
    );
    expect(sorted(streams.campaigns!)).toEqual(sorted((await collect(client, day)).campaigns!));
    expect(
      counting.requests.some((r) => r.url.pathname.endsWith(`customers/${MANAGER}/googleAds:search`)),
    ).toBe(true);
  });

  it("surfaces Google's message for an account it refuses", async () => {
    const day = { from: '2025-06-10', to: '2025-06-10' };
    const closed = await collect(
      { identifier: '9051627384', parent_id: '7731908264', metadata: {} },
      day,
    ).catch((e: unknown) => e);
    expect(closed).toBeInstanceOf(ProviderError);
    expect(closed).toMatchObject({
      kind: 'provider',
      status: 403,
      message:
        "The customer account can't be accessed because it is not yet enabled or has been deactivated.",
    });
    const stranger = await collect({ identifier: '1111111111', parent_id: null, metadata: {} }, day).catch(
      (e: unknown) => e,
    );
    expect(stranger).toMatchObject({
      kind: 'provider',
      status: 403,
      message: expect.stringContaining("User doesn't have permission to access customer."),
    });
  });

  it('refreshes the access token after a 401 and hands the new tokens back', async () => {
    const stored: OAuthTokens[] = [];
    const tokens = tokensFor();
    sandbox.harness
      .faults(GOOGLE_ADS_SANDBOX_PREFIX)
      .add({ kind: 'expired_token' }, { path: 'googleAds:search' });
    const streams = await collect(
      client,
      { from: '2025-06-10', to: '2025-06-10' },
      context({ tokens, onTokens: async (t) => void stored.push(t) }),
    );
    expect(streams.campaigns!.length).toBeGreaterThan(0);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.access_token).not.toBe(tokens.access_token);
    // Google keeps the first refresh token.
    expect(stored[0]!.refresh_token).toBe(tokens.refresh_token);
  });

  it('waits as Retry-After says on 429 and then succeeds', async () => {
    const { sleep, waits } = recordingSleep();
    sandbox.harness
      .faults(GOOGLE_ADS_SANDBOX_PREFIX)
      .add({ kind: 'rate_limit', retry_after_s: 7 }, { path: 'googleAds:search', times: 2 });
    const streams = await collect(client, { from: '2025-06-10', to: '2025-06-10' }, context({ sleep }));
    expect(waits).toEqual([7000, 7000]);
    expect(streams.search_terms!.length).toBeGreaterThan(0);
  });

  it('gives up on a lasting rate limit as rate_limited', async () => {
    const { sleep, waits } = recordingSleep();
    sandbox.harness
      .faults(GOOGLE_ADS_SANDBOX_PREFIX)
      .add({ kind: 'rate_limit', retry_after_s: 1 }, { times: -1 });
    const error = await googleAdsConnector.listAccounts(context({ sleep })).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ProviderError', kind: 'rate_limited', status: 429 });
    expect(waits.length).toBe(5);
  });

  it('turns a provider error into a ProviderError with the provider message', async () => {
    sandbox.harness
      .faults(GOOGLE_ADS_SANDBOX_PREFIX)
      .add(
        { kind: 'provider_error', message: 'The customer is being migrated.' },
        { path: 'googleAds:search' },
      );
    const error = await collect(client, { from: '2025-06-10', to: '2025-06-10' }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'ProviderError',
      kind: 'provider',
      status: 400,
      message: 'The customer is being migrated.',
    });
  });

  it('a connector pointed at a sunset version gets UNSUPPORTED_VERSION as a provider error', async () => {
    const stale = versionFetch(GOOGLE_ADS_API_VERSION, 'v19');
    const error = await googleAdsConnector.listAccounts(context({ fetch: stale })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      kind: 'provider',
      status: 400,
      message: 'Version v19 of the Google Ads API has been sunset and is no longer supported.',
    });
  });

  it('a revoked grant asks for reauthorization', async () => {
    sandbox.harness.faults(GOOGLE_ADS_SANDBOX_PREFIX).add({ kind: 'revoked' });
    const error = await googleAdsConnector.listAccounts(context()).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ProviderError', kind: 'reauthorization_required' });
  });

  it('without a developer token, says Google Ads is not configured', async () => {
    const clients = {
      ...sandbox.harness.clients,
      google: { ...sandbox.harness.clients.google!, developerToken: '' },
    };
    const error = await googleAdsConnector.listAccounts(context({ clients })).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'ProviderError',
      kind: 'provider',
      message: expect.stringContaining('developer token'),
    });
    const wrong = {
      ...sandbox.harness.clients,
      google: { ...sandbox.harness.clients.google!, developerToken: 'not-ours' },
    };
    const refused = await googleAdsConnector
      .listAccounts(context({ clients: wrong }))
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({
      kind: 'provider',
      status: 401,
      message: 'The developer token is not valid.',
    });
  });

  it('requests only the streams asked for', async () => {
    const day = { from: '2025-06-10', to: '2025-06-10' };
    const only = (streams: string[]) =>
      sandbox.extract(googleAdsConnector, credentials(), client, day, streams);
    const reportsRead = (requests: { body: string }[]) =>
      new Set(requests.map((r) => /FROM (\w+) WHERE segments\.date/.exec(r.body)?.[1]).filter(Boolean));

    const terms = await only(['search_terms']);
    expect(Object.keys(terms.streams)).toEqual(['search_terms']);
    expect(reportsRead(terms.requests)).toEqual(new Set(['search_term_view']));
    const keywords = await only(['keywords', 'ad_groups']);
    expect(Object.keys(keywords.streams).sort()).toEqual(['ad_groups', 'keywords']);
    expect(reportsRead(keywords.requests)).toEqual(new Set(['ad_group', 'keyword_view']));
    expect((await only([])).requests).toEqual([]);
  });
});
