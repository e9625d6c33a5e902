import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcDay } from '@maya/contracts';
import { ProviderError } from '../../core/errors';
import { drain, recordingSleep } from '../../testing';
import { useSandbox } from '../../testing/suite';
import { parseMoosendDate } from './api';
import { createMoosendConnector } from './connector';
import { MOOSEND_INVALID_KEY, MOOSEND_SANDBOX_PREFIX, moosendSandbox } from './sandbox';
import { MOOSEND_SANDBOX_API_KEYS } from './sandbox-data';

const connector = createMoosendConnector({ pageSize: 40 });
const account = { identifier: 'news@northpeak.example', parent_id: null, metadata: {} };

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('Moosend connector against the sandbox', () => {
  const sandbox = useSandbox({ apis: [{ prefix: MOOSEND_SANDBOX_PREFIX, plugin: moosendSandbox }] });
  let yesterday: string;
  beforeAll(() => {
    yesterday = addDays(utcDay(sandbox.harness.now()), -1);
  });

  const credentials = (apiKey: string = MOOSEND_SANDBOX_API_KEYS.northpeak) =>
    ({ kind: 'api_key', api_key: apiKey }) as const;
  function contextFor(apiKey?: string) {
    const { sleep, waits } = recordingSleep();
    return { context: sandbox.context(connector, credentials(apiKey), { sleep }), waits };
  }

  const raw = async (path: string, apiKey: string = MOOSEND_SANDBOX_API_KEYS.northpeak) => {
    const response = await fetch(
      `${sandbox.harness.endpoints.moosend}/v3${path}${path.includes('?') ? '&' : '?'}apikey=${apiKey}`,
    );
    return { status: response.status, body: (await response.json()) as Json };
  };

  it('verifies the key and names its single account by the account’s sender', async () => {
    expect(await connector.listAccounts(contextFor().context)).toEqual([
      {
        identifier: 'news@northpeak.example',
        id_label: 'news@northpeak.example',
        name: 'Northpeak Outdoor',
        parent_id: null,
        selectable: true,
        metadata: { thumbnail_url: null },
      },
    ]);
    const other = await connector.listAccounts(contextFor(MOOSEND_SANDBOX_API_KEYS.trailfox).context);
    expect(other.map((a) => a.identifier)).toEqual(['hello@trailfox.example']);
  });

  it('refuses an invalid key with Moosend’s message', async () => {
    const error = await connector
      .listAccounts(contextFor('00000000-0000-0000-0000-000000000000').context)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      kind: 'provider',
      provider: 'Moosend',
      message: MOOSEND_INVALID_KEY.message,
    });
  });

  it('extracts every campaign across pages and the totals of those delivered in the range', async () => {
    const range = { from: addDays(yesterday, -27), to: yesterday };
    const { streams } = await drain(connector.extract(contextFor().context, account, range));
    const campaigns = streams.campaigns!;
    const listed = (await raw('/campaigns/1/100.json')).body.Context.Paging.TotalResults as number;
    expect(listed).toBeGreaterThan(100);
    expect(campaigns).toHaveLength(listed);
    expect(new Set(campaigns.map((c) => c.campaign_id)).size).toBe(listed);
    expect(campaigns.filter((c) => c.status === 'draft')).toHaveLength(2);

    const stats = streams.campaign_stats!;
    const delivered = campaigns.filter(
      (c) => c.status === 'sent' && c.delivered_on! >= range.from && c.delivered_on! <= range.to,
    );
    // A newsletter every Tuesday and a promotion every other Friday: 4 + 2 in four weeks.
    expect(stats).toHaveLength(6);
    expect(stats.map((s) => s.campaign_id).sort()).toEqual(delivered.map((c) => c.campaign_id).sort());
    for (const row of stats) {
      expect(row.account_id).toBe('news@northpeak.example');
      expect(row.date! >= range.from && row.date! <= range.to).toBe(true);
      expect(row.unique_opens as number).toBeLessThanOrEqual(row.total_opens as number);
      expect(row.sent as number).toBeGreaterThan(1000);
    }
    // The summary agrees with the campaign list's own totals.
    const first = stats[0]!;
    const page = (await raw('/campaigns/1/100.json?SortBy=DeliveredOn&SortMethod=DESC')).body.Context
      .Campaigns as Json[];
    const item = page.find((c) => c.ID === first.campaign_id)!;
    expect([item.TotalSent, item.UniqueOpens, item.TotalLinkClicks]).toEqual([
      first.sent,
      first.unique_opens,
      first.total_link_clicks,
    ]);
  });

  it('backs off on Moosend’s rate limit (HTTP 200, Code 429) and carries on', async () => {
    const { context, waits } = contextFor();
    sandbox.harness
      .faults(MOOSEND_SANDBOX_PREFIX)
      .add({ kind: 'rate_limit', retry_after_s: 4 }, { path: '/campaigns/', times: 2 });
    const { streams } = await drain(connector.extract(context, account, { from: yesterday, to: yesterday }));
    expect(waits).toEqual([4000, 4000]);
    expect(streams.campaigns!.length).toBeGreaterThan(100);
  });

  it('retries a server failure with exponential backoff', async () => {
    const { context, waits } = contextFor();
    sandbox.harness.faults(MOOSEND_SANDBOX_PREFIX).add({ kind: 'server_error' }, { path: '/senders/' });
    expect(await connector.listAccounts(context)).toHaveLength(1);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(0);
  });

  it('reports a refused request with Moosend’s own error text', async () => {
    const { context } = contextFor();
    sandbox.harness
      .faults(MOOSEND_SANDBOX_PREFIX)
      .add({ kind: 'provider_error', message: 'MAILING_LIST_NOT_FOUND' });
    const error = await connector.listAccounts(context).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'provider', message: 'MAILING_LIST_NOT_FOUND' });
  });

  it('answers Moosend’s documented shapes', async () => {
    const page = await raw('/campaigns/2/5.json');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ Code: 0, Error: null });
    expect(page.body.Context.Paging).toMatchObject({
      PageSize: 5,
      CurrentPage: 2,
      SortExpression: 'CreatedOn',
      SortIsAscending: true,
    });
    const campaign = page.body.Context.Campaigns[0] as Json;
    expect(campaign).toMatchObject({
      ID: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/),
      Status: 3,
      SiteName: 'northpeak',
      DeliveredOn: expect.stringMatching(/^\/Date\(\d+\+0200\)\/$/),
      MailingLists: [{ Campaign: null, MailingList: { ID: expect.any(String) }, Segment: null }],
    });
    const summary = await raw(`/campaigns/${campaign.ID}/view_summary.json`);
    expect(summary.body.Context).toMatchObject({
      CampaignID: campaign.ID,
      Sent: campaign.TotalSent,
      CampaignIsArchived: true,
    });

    const invalid = await raw('/senders/find_all.json', 'not-a-key');
    expect(invalid).toEqual({
      status: 200,
      body: { Code: MOOSEND_INVALID_KEY.code, Error: MOOSEND_INVALID_KEY.message, Context: null },
    });

    sandbox.harness.faults(MOOSEND_SANDBOX_PREFIX).add({ kind: 'rate_limit' });
    expect(await raw('/senders/find_all.json')).toEqual({
      status: 200,
      body: { Code: 429, Error: 'RATE-LIMITING', Context: null },
    });
  });

  it('reads Moosend dates as instants and local days', () => {
    expect(parseMoosendDate('/Date(1464952817450+0100)/')).toEqual({
      timestamp: '2016-06-03T11:20:17.450Z',
      localDate: '2016-06-03',
    });
    // 23:30 UTC is already the next day in UTC+2.
    expect(parseMoosendDate('/Date(1700004600000+0200)/')?.localDate).toBe('2023-11-15');
    expect(parseMoosendDate('/Date(1700004600000-0500)/')?.localDate).toBe('2023-11-14');
    expect(parseMoosendDate(null)).toBeNull();
  });

  it('requests only the streams asked for (campaign_stats reads the campaign list to find the sends)', async () => {
    const range = { from: addDays(yesterday, -13), to: yesterday };
    const only = (streams: string[]) => sandbox.extract(connector, credentials(), account, range, streams);
    const summaries = (requests: { url: URL }[]) =>
      requests.filter((r) => r.url.pathname.endsWith('/view_summary.json')).length;

    const campaigns = await only(['campaigns']);
    expect(Object.keys(campaigns.streams)).toEqual(['campaigns']);
    expect(summaries(campaigns.requests)).toBe(0);
    const stats = await only(['campaign_stats']);
    expect(Object.keys(stats.streams)).toEqual(['campaign_stats']);
    expect(summaries(stats.requests)).toBe(stats.streams.campaign_stats!.length);
    expect((await only([])).requests).toEqual([]);
  });
});
