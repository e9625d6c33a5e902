import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../core/errors';
import type { AccountRef, Connector, OAuthTokens } from '../../core/types';
import { drain, recordingSleep } from '../../testing';
import type { TestContextOptions } from '../../testing/suite';
import { useSandbox } from '../../testing/suite';
import { createGooglePlayConnector, GOOGLE_PLAY_SCOPE, googlePlayConnector } from './connector';
import { INSTALLS_METRICS } from './reports';
import { CLOUD_STORAGE_SANDBOX_PREFIX, cloudStorageSandbox } from './sandbox';

const BUCKET = 'gs://pubsite_prod_rev_0123456789';
const RANGE = { from: '2025-03-20', to: '2025-06-14' };
const APP: AccountRef = { identifier: 'com.acme.outdoor', parent_id: BUCKET, metadata: {} };

const sandbox = useSandbox({
  apis: [{ prefix: CLOUD_STORAGE_SANDBOX_PREFIX, plugin: cloudStorageSandbox }],
  now: Date.UTC(2025, 5, 15, 12),
});

const credentials = (options: { bucket?: string; tokens?: OAuthTokens } = {}) =>
  ({
    kind: 'gcs_bucket',
    tokens: options.tokens ?? sandbox.tokens('google', [GOOGLE_PLAY_SCOPE]),
    bucket: options.bucket ?? BUCKET,
  }) as const;
const context = (
  connector: Connector,
  options: TestContextOptions & { bucket?: string; tokens?: OAuthTokens } = {},
) => sandbox.context(connector, credentials(options), options);
const collect = (connector: Connector, ctx = context(connector), range = RANGE) =>
  drain(connector.extract(ctx, APP, range));

describe('Google Play connector', () => {
  it("offers the bucket's apps under the bucket, listing every page", async () => {
    const connector = createGooglePlayConnector({ pageSize: 7 });
    const accounts = await connector.listAccounts(context(connector, { bucket: `${BUCKET}/` }));
    expect(accounts.map((a) => [a.identifier, a.id_label, a.parent_id, a.selectable])).toEqual([
      [BUCKET, BUCKET, null, false],
      ['com.acme.outdoor', 'com.acme.outdoor', BUCKET, true],
      ['com.acme.trailmaps', 'com.acme.trailmaps', BUCKET, true],
    ]);
    const error = await googlePlayConnector
      .listAccounts(context(googlePlayConnector, { bucket: 'pubsite_prod_rev_0123456789' }))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ProviderError', kind: 'provider', message: 'Invalid bucket id' });
  });

  it('reads the UTF-16 monthly reports of the range, cut to its days, overview = sum of countries', async () => {
    const { streams, batches } = await collect(createGooglePlayConnector({ pageSize: 2 }));
    const overview = streams.installs_overview!;
    const country = streams.installs_country!;
    expect(batches).toBe(8); // March to June, two reports each
    expect(overview.map((r) => r.date)).toEqual([...new Set(overview.map((r) => r.date))]);
    expect(overview).toHaveLength(87);
    expect(overview[0]).toMatchObject({
      account_id: 'com.acme.outdoor',
      date: '2025-03-20',
      package_name: 'com.acme.outdoor',
    });
    expect(overview.at(-1)!.date).toBe('2025-06-14');
    expect(new Set(country.map((r) => `${r.date}|${r.country}`)).size).toBe(country.length);
    expect(country.some((r) => r.country === '')).toBe(true);
    for (const day of overview) {
      const rows = country.filter((r) => r.date === day.date);
      for (const metric of INSTALLS_METRICS) {
        expect(rows.reduce((sum, r) => sum + Number(r[metric]), 0)).toBe(day[metric]);
      }
    }
    const totals = overview.map((r) => Number(r.total_user_installs));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
  });

  it('refreshes an expiring token first and after a 401, handing the new tokens back', async () => {
    const stored: OAuthTokens[] = [];
    const ctx = context(googlePlayConnector, {
      tokens: sandbox.tokens('google', [GOOGLE_PLAY_SCOPE], { expiresInS: 30 }),
      onTokens: async (t) => void stored.push(t),
    });
    sandbox.harness
      .faults(CLOUD_STORAGE_SANDBOX_PREFIX)
      .add({ kind: 'expired_token' }, { path: 'alt=media' });
    const { streams } = await collect(googlePlayConnector, ctx, { from: '2025-06-01', to: '2025-06-02' });
    expect(streams.installs_overview).toHaveLength(2);
    expect(stored).toHaveLength(2);
  });

  it('waits as Retry-After says on 429', async () => {
    const { sleep, waits } = recordingSleep();
    sandbox.harness
      .faults(CLOUD_STORAGE_SANDBOX_PREFIX)
      .add({ kind: 'rate_limit', retry_after_s: 2 }, { path: 'alt=media', times: 2 });
    const { streams } = await collect(googlePlayConnector, context(googlePlayConnector, { sleep }), {
      from: '2025-06-01',
      to: '2025-06-02',
    });
    expect(waits).toEqual([2000, 2000]);
    expect(streams.installs_country!.length).toBeGreaterThan(2);
  });

  it("answers Cloud Storage's messages for an unknown bucket and one without access", async () => {
    const missing = await googlePlayConnector
      .listAccounts(context(googlePlayConnector, { bucket: 'gs://pubsite_prod_rev_404' }))
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ProviderError);
    expect(missing).toMatchObject({
      kind: 'provider',
      status: 404,
      message: 'The specified bucket does not exist.',
    });
    const denied = await googlePlayConnector
      .listAccounts(context(googlePlayConnector, { bucket: 'gs://pubsite_prod_rev_5555555555' }))
      .catch((e: unknown) => e);
    expect(denied).toMatchObject({
      kind: 'provider',
      status: 403,
      message:
        "ada@example.com does not have storage.objects.list access to the Google Cloud Storage bucket. Permission 'storage.objects.list' denied on resource (or it may not exist).",
    });
  });

  it('a revoked grant asks for reauthorization', async () => {
    sandbox.harness.faults(CLOUD_STORAGE_SANDBOX_PREFIX).add({ kind: 'revoked' });
    const error = await googlePlayConnector
      .listAccounts(context(googlePlayConnector))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ProviderError', kind: 'reauthorization_required' });
  });

  it('requests only the streams asked for', async () => {
    const only = (streams: string[]) =>
      sandbox.extract(googlePlayConnector, credentials(), APP, RANGE, streams);
    const reportsRead = (requests: { url: URL }[]) =>
      requests
        .filter((r) => r.url.searchParams.get('alt') === 'media')
        .map((r) => r.url.pathname.split('_').at(-1));

    const country = await only(['installs_country']);
    expect(Object.keys(country.streams)).toEqual(['installs_country']);
    expect(reportsRead(country.requests)).toEqual([
      'country.csv',
      'country.csv',
      'country.csv',
      'country.csv',
    ]);
    const overview = await only(['installs_overview']);
    expect(Object.keys(overview.streams)).toEqual(['installs_overview']);
    expect(new Set(reportsRead(overview.requests))).toEqual(new Set(['overview.csv']));
    expect((await only([])).requests).toEqual([]);
  });
});
