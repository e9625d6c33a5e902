import { overlappedProperties } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../core/errors';
import type { AccountRef, Connector, OAuthTokens, Row } from '../../core/types';
import { drain, recordingSleep, sortedRows as sorted } from '../../testing';
import type { TestContextOptions } from '../../testing/suite';
import { useSandbox } from '../../testing/suite';
import { createSearchConsoleConnector, SEARCH_CONSOLE_SCOPE, searchConsoleConnector } from './connector';
import { SEARCH_CONSOLE_SANDBOX_PREFIX, searchConsoleSandbox } from './sandbox';

const RANGE = { from: '2025-06-01', to: '2025-06-03' };
const account = (identifier: string): AccountRef => ({ identifier, parent_id: null, metadata: {} });

const sandbox = useSandbox({
  apis: [{ prefix: SEARCH_CONSOLE_SANDBOX_PREFIX, plugin: searchConsoleSandbox }],
  now: Date.UTC(2025, 5, 15, 12),
});

const freshTokens = (expiresInS?: number) => sandbox.tokens('google', [SEARCH_CONSOLE_SCOPE], { expiresInS });

function context(connector: Connector, options: TestContextOptions & { tokens?: OAuthTokens } = {}) {
  return sandbox.context(connector, { kind: 'oauth2', tokens: options.tokens ?? freshTokens() }, options);
}

function collect(connector: Connector, siteUrl: string, range = RANGE, ctx = context(connector)) {
  return drain(connector.extract(ctx, account(siteUrl), range));
}

const keyOf = (row: Row, columns: string[]) => columns.map((c) => String(row[c])).join('|');

describe('Search Console connector', () => {
  it('lists the verified properties, domain properties first, with the overlap rule applicable', async () => {
    const accounts = await searchConsoleConnector.listAccounts(context(searchConsoleConnector));
    expect(accounts.map((a) => [a.identifier, a.id_label, a.name])).toEqual([
      ['sc-domain:example.com', 'sc-domain:example.com', 'example.com'],
      ['http://example.com/', 'http://example.com/', 'http://example.com/'],
      ['https://blog.example.com/', 'https://blog.example.com/', 'https://blog.example.com/'],
      ['https://www.example.com/', 'https://www.example.com/', 'https://www.example.com/'],
      ['https://trailfox.example/', 'https://trailfox.example/', 'https://trailfox.example/'],
    ]);
    expect(accounts.every((a) => a.selectable && a.parent_id === null)).toBe(true);
    // Search Console's days are Pacific Time for every property.
    expect(accounts.every((a) => a.metadata.time_zone === 'America/Los_Angeles')).toBe(true);
    const ids = accounts.map((a) => a.identifier);
    expect([...overlappedProperties(['sc-domain:example.com'], ids)].sort()).toEqual([
      'http://example.com/',
      'https://blog.example.com/',
      'https://www.example.com/',
    ]);
  });

  it('extracts both streams page by page, the same rows as in one page each', async () => {
    const paged = await collect(
      createSearchConsoleConnector({ rowLimit: 150, totalsWindowDays: 2 }),
      'https://www.example.com/',
    );
    const whole = await collect(searchConsoleConnector, 'https://www.example.com/');
    const details = paged.streams.search_analytics!;
    const totals = paged.streams.search_analytics_totals!;
    expect(details.length).toBeGreaterThan(3 * 150);
    expect(paged.batches).toBeGreaterThan(whole.batches + 3);
    expect(sorted(details)).toEqual(sorted(whole.streams.search_analytics!));
    expect(sorted(totals)).toEqual(sorted(whole.streams.search_analytics_totals!));

    const detailKey = ['account_id', 'date', 'query', 'page', 'country', 'device'];
    expect(new Set(details.map((r) => keyOf(r, detailKey))).size).toBe(details.length);
    expect(new Set(totals.map((r) => keyOf(r, ['date', 'country', 'device']))).size).toBe(totals.length);
    expect(new Set(details.map((r) => r.date))).toEqual(new Set(['2025-06-01', '2025-06-02', '2025-06-03']));
    const row = details[0]!;
    expect(row).toMatchObject({
      account_id: 'https://www.example.com/',
      device: expect.stringMatching(/^(MOBILE|DESKTOP|TABLET)$/),
    });
    expect(String(row.page)).toMatch(/^https:\/\/www\.example\.com\//);
    expect(String(row.country)).toMatch(/^[a-z]{3}$/);
    expect(row.ctr).toBeCloseTo(Number(row.clicks) / Number(row.impressions), 10);
  });

  it('totals count anonymized queries: never below the sum of the query rows, above it overall', async () => {
    const { streams } = await collect(searchConsoleConnector, 'https://www.example.com/');
    const sums = new Map<string, { clicks: number; impressions: number }>();
    for (const row of streams.search_analytics!) {
      const key = keyOf(row, ['date', 'country', 'device']);
      const sum = sums.get(key) ?? { clicks: 0, impressions: 0 };
      sum.clicks += Number(row.clicks);
      sum.impressions += Number(row.impressions);
      sums.set(key, sum);
    }
    let totalImpressions = 0;
    let queryImpressions = 0;
    for (const total of streams.search_analytics_totals!) {
      const sum = sums.get(keyOf(total, ['date', 'country', 'device'])) ?? { clicks: 0, impressions: 0 };
      expect(Number(total.impressions)).toBeGreaterThanOrEqual(sum.impressions);
      expect(Number(total.clicks)).toBeGreaterThanOrEqual(sum.clicks);
      totalImpressions += Number(total.impressions);
      queryImpressions += sum.impressions;
    }
    expect(totalImpressions).toBeGreaterThan(queryImpressions * 1.05);
  });

  it('a domain property holds the rows of the URL-prefix properties it covers', async () => {
    const day = { from: '2025-06-02', to: '2025-06-02' };
    const domain = await collect(searchConsoleConnector, 'sc-domain:example.com', day);
    const blog = await collect(searchConsoleConnector, 'https://blog.example.com/', day);
    const strip = ({ account_id: _, ...rest }: Row) => rest;
    const domainRows = new Set(domain.streams.search_analytics!.map((r) => JSON.stringify(strip(r))));
    const blogRows = blog.streams.search_analytics!.map((r) => JSON.stringify(strip(r)));
    expect(blogRows.length).toBeGreaterThan(20);
    expect(blogRows.filter((r) => !domainRows.has(r))).toEqual([]);
    expect(
      domain.streams.search_analytics!.some((r) => String(r.page).startsWith('https://example.com/')),
    ).toBe(true);
  });

  it('refreshes an expiring token before the call and after a 401, handing the new tokens back', async () => {
    const stored: OAuthTokens[] = [];
    // Expiring within the refresh margin: refreshed before the first call.
    const tokens = freshTokens(30);
    const ctx = context(searchConsoleConnector, { tokens, onTokens: async (t) => void stored.push(t) });
    await searchConsoleConnector.listAccounts(ctx);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.access_token).not.toBe(tokens.access_token);
    expect(stored[0]!.refresh_token).toBe(tokens.refresh_token);

    sandbox.harness.faults(SEARCH_CONSOLE_SANDBOX_PREFIX).add({ kind: 'expired_token' });
    const accounts = await searchConsoleConnector.listAccounts(ctx);
    expect(accounts).toHaveLength(5);
    expect(stored).toHaveLength(2);
  });

  it('waits as Retry-After says on 429 and then succeeds', async () => {
    const { sleep, waits } = recordingSleep();
    sandbox.harness
      .faults(SEARCH_CONSOLE_SANDBOX_PREFIX)
      .add({ kind: 'rate_limit', retry_after_s: 7 }, { path: 'searchAnalytics', times: 2 });
    const day = { from: '2025-06-02', to: '2025-06-02' };
    const { streams } = await collect(
      searchConsoleConnector,
      'https://blog.example.com/',
      day,
      context(searchConsoleConnector, { sleep }),
    );
    expect(waits).toEqual([7000, 7000]);
    expect(streams.search_analytics!.length).toBeGreaterThan(0);
  });

  it("turns Google's refusal into a ProviderError with Google's message", async () => {
    const error = await collect(searchConsoleConnector, 'https://unknown.example/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      kind: 'provider',
      status: 403,
      message: expect.stringContaining(
        "User does not have sufficient permission for site 'https://unknown.example/'",
      ),
    });
  });

  it('a revoked grant asks for reauthorization', async () => {
    sandbox.harness.faults(SEARCH_CONSOLE_SANDBOX_PREFIX).add({ kind: 'revoked' });
    const error = await searchConsoleConnector
      .listAccounts(context(searchConsoleConnector))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ProviderError', kind: 'reauthorization_required' });
  });

  it('requests only the streams asked for', async () => {
    const credentials = { kind: 'oauth2', tokens: freshTokens() } as const;
    const only = (streams: string[]) =>
      sandbox.extract(
        searchConsoleConnector,
        credentials,
        account('https://www.example.com/'),
        RANGE,
        streams,
      );
    const dimensionsAsked = (requests: { body: string }[]) =>
      requests.map((r) => (JSON.parse(r.body) as { dimensions: string[] }).dimensions.join(','));

    const totals = await only(['search_analytics_totals']);
    expect(Object.keys(totals.streams)).toEqual(['search_analytics_totals']);
    expect(dimensionsAsked(totals.requests)).toEqual(['date,country,device']);
    const details = await only(['search_analytics']);
    expect(Object.keys(details.streams)).toEqual(['search_analytics']);
    expect(new Set(dimensionsAsked(details.requests))).toEqual(new Set(['date,query,page,country,device']));
    expect((await only([])).requests).toEqual([]);
  });
});
