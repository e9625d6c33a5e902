import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../core/errors';
import type { AccountRef, DateRange, OAuthTokens, Row } from '../../core/types';
import { drain, recordingSleep, sortedRows as sorted } from '../../testing';
import type { TestContextOptions } from '../../testing/suite';
import { useSandbox } from '../../testing/suite';
import { MICROSOFT_ADS_SCOPE } from './api';
import { microsoftAdsConnector } from './connector';
import { MICROSOFT_ADS_SANDBOX_PREFIX, microsoftAdsSandbox } from './sandbox';
import { MICROSOFT_ADS_STREAMS } from './streams';

const CONTOSO = '251873460';
const US = '180246731';
const account: AccountRef = { identifier: US, parent_id: CONTOSO, metadata: {} };

const sandbox = useSandbox({
  apis: [{ prefix: MICROSOFT_ADS_SANDBOX_PREFIX, plugin: microsoftAdsSandbox }],
  now: Date.UTC(2025, 5, 15, 12),
});

/** Alan's tokens (a super admin of both sandbox customers) unless another user is named. */
const tokensFor = (email?: string) =>
  sandbox.tokens('microsoft', [MICROSOFT_ADS_SCOPE, 'offline_access'], { email });
const credentials = (tokens = tokensFor()) => ({ kind: 'oauth2', tokens }) as const;
const context = (options: TestContextOptions & { tokens?: OAuthTokens } = {}) =>
  sandbox.context(microsoftAdsConnector, credentials(options.tokens), options);
const collect = (ref: AccountRef, range: DateRange, ctx = context()) =>
  drain(microsoftAdsConnector.extract(ctx, ref, range));

function totals(rows: Row[], keys: string[], column: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const row of rows) {
    const key = keys.map((k) => String(row[k])).join('|');
    // Money in micros and halves of conversions: sums compare exactly after rounding to cents.
    out.set(key, Math.round(((out.get(key) ?? 0) + Number(row[column])) * 100) / 100);
  }
  return out;
}

describe('Microsoft Advertising connector', () => {
  it('lists the customers with their reportable accounts, labelled with the account number', async () => {
    const accounts = await microsoftAdsConnector.listAccounts(context());
    expect(accounts.map((a) => [a.identifier, a.id_label, a.name, a.parent_id, a.selectable])).toEqual([
      [CONTOSO, CONTOSO, 'Contoso Outdoor', null, false],
      [US, 'F1202H8K', 'Contoso Outdoor US', CONTOSO, true],
      ['180246752', 'F1202JQ3', 'Contoso Outdoor DE', CONTOSO, true],
      ['251873512', '251873512', 'Fabrikam Agency', null, false],
      ['180311904', 'F1308A5T', 'Tailspin Outfitters', '251873512', true],
      // The inactive Irish account is left out.
      ['180311927', 'F1308B9M', 'Wingtip Gear UK', '251873512', true],
    ]);
    // Each account's TimeZone (GetAccount), as the IANA zone Microsoft maps it to.
    expect(accounts.map((a) => a.metadata.time_zone ?? null)).toEqual([
      null,
      'America/New_York',
      'Europe/Berlin',
      null,
      'America/Los_Angeles',
      'Europe/London',
    ]);
  });

  it('lists only the accounts a role covers, and nothing without a role', async () => {
    const katherine = await microsoftAdsConnector.listAccounts(
      context({ tokens: tokensFor('katherine@contoso.example') }),
    );
    expect(katherine.map((a) => a.identifier)).toEqual([CONTOSO, US]);
    expect(
      await microsoftAdsConnector.listAccounts(context({ tokens: tokensFor('nobody@contoso.example') })),
    ).toEqual([]);
  });

  it('extracts every stream in batches as the report downloads, the same rows as window by window', async () => {
    const range = { from: '2025-02-01', to: '2025-05-31' };
    const { streams: whole, batches } = await collect(account, range);
    expect(Object.keys(whole).sort()).toEqual(MICROSOFT_ADS_STREAMS.map((s) => s.name).sort());
    const searchTerms = whole.search_terms!;
    // More than one batch of 5,000 rows for the search terms alone.
    expect(searchTerms.length).toBeGreaterThan(9_000);
    expect(batches).toBeGreaterThanOrEqual(6);

    const windows: Record<string, Row[]> = {};
    for (const window of [
      { from: '2025-02-01', to: '2025-03-31' },
      { from: '2025-04-01', to: '2025-05-31' },
    ]) {
      const { streams } = await collect(account, window);
      for (const [stream, rows] of Object.entries(streams)) (windows[stream] ??= []).push(...rows);
    }
    for (const stream of MICROSOFT_ADS_STREAMS) {
      const rows = whole[stream.name]!;
      expect(sorted(rows)).toEqual(sorted(windows[stream.name]!));
      const keys = new Set(rows.map((r) => stream.primaryKey.map((k) => String(r[k])).join('|')));
      expect(keys.size, stream.name).toBe(rows.length);
      expect(rows.every((r) => r.account_id === US && r.currency === 'USD')).toBe(true);
      // Spend is whole cents: the micros are exact, not 8.03 * 1e6 = 8029999.999999999.
      expect(rows.every((r) => Number.isInteger(r.cost_micros) && Number(r.cost_micros) % 10_000 === 0)).toBe(
        true,
      );
    }
    for (const metric of ['impressions', 'clicks', 'cost_micros', 'conversions', 'conversions_value']) {
      expect(totals(whole.ad_groups!, ['date', 'campaign_id'], metric)).toEqual(
        totals(whole.campaigns!, ['date', 'campaign_id'], metric),
      );
      const keywordGroups = totals(whole.keywords!, ['date', 'ad_group_id'], metric);
      expect(totals(searchTerms, ['date', 'ad_group_id'], metric)).toEqual(keywordGroups);
      const searchGroups = new Set(whole.keywords!.map((r) => `${String(r.date)}|${String(r.ad_group_id)}`));
      const adGroups = totals(
        whole.ad_groups!.filter((r) => searchGroups.has(`${String(r.date)}|${String(r.ad_group_id)}`)),
        ['date', 'ad_group_id'],
        metric,
      );
      expect(adGroups).toEqual(keywordGroups);
    }
    expect(new Set(whole.campaigns!.map((r) => r.campaign_type))).toEqual(
      new Set(['Search & content', 'Audience', 'Shopping']),
    );
  });

  it('polls until the report is built, waiting between polls', async () => {
    const { sleep, waits } = recordingSleep();
    await collect(account, { from: '2025-06-10', to: '2025-06-10' }, context({ sleep }));
    // Each of the four reports is pending on its first poll.
    expect(waits).toEqual([1000, 1000, 1000, 1000]);
  });

  it('yields nothing for a range without data (the report has no download)', async () => {
    const { streams, batches } = await collect(account, { from: '2020-01-01', to: '2020-01-31' });
    expect(batches).toBe(0);
    expect(streams).toEqual({});
  });

  it('finds the customer of an account chosen without its parent', async () => {
    const day = { from: '2025-06-10', to: '2025-06-10' };
    const { streams } = await collect({ identifier: US, parent_id: null, metadata: {} }, day);
    expect(sorted(streams.campaigns!)).toEqual(sorted((await collect(account, day)).streams.campaigns!));
  });

  it('stores the rotated refresh token Microsoft hands out on refresh, and refreshes with it next time', async () => {
    const stored: OAuthTokens[] = [];
    const tokens = tokensFor();
    const ctx = context({ tokens, onTokens: async (t) => void stored.push(t) });
    sandbox.harness.faults(MICROSOFT_ADS_SANDBOX_PREFIX).add({ kind: 'expired_token' });
    expect(await microsoftAdsConnector.listAccounts(ctx)).toHaveLength(6);
    expect(stored).toHaveLength(1);
    const rotated = stored[0]!;
    expect(rotated.access_token).not.toBe(tokens.access_token);
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect(sandbox.harness.stores.microsoft.refreshTokens.has(rotated.refresh_token!)).toBe(true);

    // The old refresh token no longer works: the next refresh must use the rotated one.
    sandbox.harness.stores.microsoft.refreshTokens.delete(tokens.refresh_token!);
    sandbox.harness.faults(MICROSOFT_ADS_SANDBOX_PREFIX).add({ kind: 'expired_token' });
    expect(await microsoftAdsConnector.listAccounts(ctx)).toHaveLength(6);
    expect(stored).toHaveLength(2);
    expect(stored[1]!.refresh_token).not.toBe(rotated.refresh_token);
  });

  it('waits as Retry-After says on 429 and then succeeds', async () => {
    const { sleep, waits } = recordingSleep();
    sandbox.harness
      .faults(MICROSOFT_ADS_SANDBOX_PREFIX)
      .add({ kind: 'rate_limit', retry_after_s: 9 }, { path: 'GenerateReport/Submit', times: 2 });
    const { streams } = await collect(account, { from: '2025-06-10', to: '2025-06-10' }, context({ sleep }));
    expect(waits.slice(0, 2)).toEqual([9000, 9000]);
    expect(streams.campaigns!.length).toBeGreaterThan(0);
  });

  it("turns Microsoft's refusal into a ProviderError with Microsoft's message", async () => {
    const day = { from: '2025-06-10', to: '2025-06-10' };
    const katherine = context({ tokens: tokensFor('katherine@contoso.example') });
    const error = await collect(
      { identifier: '180246752', parent_id: CONTOSO, metadata: {} },
      day,
      katherine,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      kind: 'provider',
      status: 403,
      message: 'The user is not authorized to perform this action.',
    });

    sandbox.harness
      .faults(MICROSOFT_ADS_SANDBOX_PREFIX)
      .add(
        { kind: 'provider_error', message: 'The account is being migrated.' },
        { path: 'GenerateReport/Poll' },
      );
    const fault = await collect(account, day).catch((e: unknown) => e);
    expect(fault).toMatchObject({ kind: 'provider', status: 400, message: 'The account is being migrated.' });
  });

  it('a revoked grant asks for reauthorization', async () => {
    sandbox.harness.faults(MICROSOFT_ADS_SANDBOX_PREFIX).add({ kind: 'revoked' });
    const error = await microsoftAdsConnector.listAccounts(context()).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ProviderError', kind: 'reauthorization_required' });
  });

  it('requests only the streams asked for', async () => {
    const day = { from: '2025-06-10', to: '2025-06-10' };
    const only = (streams: string[]) =>
      sandbox.extract(microsoftAdsConnector, credentials(), account, day, streams);
    const reportsRequested = (requests: { url: URL; body: string }[]) =>
      requests
        .filter((r) => r.url.pathname.endsWith('GenerateReport/Submit'))
        .map((r) => (JSON.parse(r.body) as { ReportRequest: { Type: string } }).ReportRequest.Type);

    const terms = await only(['search_terms']);
    expect(Object.keys(terms.streams)).toEqual(['search_terms']);
    expect(reportsRequested(terms.requests)).toEqual(['SearchQueryPerformanceReportRequest']);
    const campaigns = await only(['campaigns']);
    expect(Object.keys(campaigns.streams)).toEqual(['campaigns']);
    expect(reportsRequested(campaigns.requests)).toEqual(['CampaignPerformanceReportRequest']);
    expect((await only([])).requests).toEqual([]);
  });
});
