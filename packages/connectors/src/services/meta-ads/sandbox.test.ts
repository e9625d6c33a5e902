import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcDay } from '@maya/contracts';
import { useSandbox } from '../../testing/suite';
import { META_ADS_SCOPES } from './connector';
import { decimalToMicros } from '../../core/money';
import { META_ADS_SANDBOX_PREFIX, metaAdsSandbox } from './sandbox';
import { formatAmount } from './sandbox-data';
import { META_GRAPH_VERSION } from './graph';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('sandbox Graph API shapes', () => {
  const sandbox = useSandbox({ apis: [{ prefix: META_ADS_SANDBOX_PREFIX, plugin: metaAdsSandbox }] });
  let base: string;
  let headers: Record<string, string>;
  let yesterday: string;

  beforeAll(() => {
    base = `${sandbox.harness.endpoints.metaGraph}/${META_GRAPH_VERSION}`;
    headers = { authorization: sandbox.bearer('meta', META_ADS_SCOPES) };
    yesterday = addDays(utcDay(sandbox.harness.now()), -1);
  });

  const get = async (path: string) => {
    const response = await fetch(`${base}${path}`, { headers });
    return { status: response.status, body: (await response.json()) as Json };
  };

  it('pages /me/adaccounts with cursors and an absolute next link', async () => {
    const first = await get('/me/adaccounts?fields=name,account_id,currency,business&limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual([
      {
        id: 'act_238400000000001',
        account_id: '238400000000001',
        name: 'Northpeak EU',
        currency: 'EUR',
        business: { id: '104857600123456', name: 'Northpeak Outdoor GmbH' },
      },
      {
        id: 'act_238400000000002',
        account_id: '238400000000002',
        name: 'Northpeak US',
        currency: 'USD',
        business: { id: '104857600123456', name: 'Northpeak Outdoor GmbH' },
      },
    ]);
    expect(first.body.paging.cursors).toEqual({ before: expect.any(String), after: expect.any(String) });
    const next = new URL(first.body.paging.next as string);
    expect(next.pathname).toBe(`/sandbox/meta-graph/${META_GRAPH_VERSION}/me/adaccounts`);
    const second = await fetch(next, { headers });
    const body = (await second.json()) as Json;
    expect(body.data).toEqual([
      { id: 'act_238400000000005', account_id: '238400000000005', name: 'Side project', currency: 'EUR' },
    ]);
    expect(body.paging.next).toBeUndefined();
  });

  it('answers insights rows with numbers as strings, actions as lists and the day in date_start/date_stop', async () => {
    const range = JSON.stringify({ since: yesterday, until: yesterday });
    const fields =
      'campaign_id,campaign_name,account_currency,spend,impressions,clicks,actions,action_values';
    const { status, body } = await get(
      `/act_238400000000001/insights?level=campaign&time_increment=1&time_range=${encodeURIComponent(range)}&fields=${fields}`,
    );
    expect(status).toBe(200);
    const row = body.data[0] as Json;
    expect(row).toMatchObject({
      campaign_id: expect.stringMatching(/^\d{18}$/),
      account_currency: 'EUR',
      spend: expect.stringMatching(/^\d+(\.\d{1,2})?$/),
      impressions: expect.stringMatching(/^\d+$/),
      clicks: expect.stringMatching(/^\d+$/),
      date_start: yesterday,
      date_stop: yesterday,
    });
    expect(row.actions[0]).toEqual({ action_type: 'link_click', value: expect.stringMatching(/^\d+$/) });
  });

  it('sums the whole range into one row per object with time_increment=all_days', async () => {
    const from = addDays(yesterday, -6);
    const query = (increment: string) =>
      `/act_238400000000002/insights?level=account&time_increment=${increment}&fields=spend&limit=100&time_range=${encodeURIComponent(
        JSON.stringify({ since: from, until: yesterday }),
      )}`;
    const total = (await get(query('all_days'))).body.data as Json[];
    const days = (await get(query('1'))).body.data as Json[];
    expect(total).toHaveLength(1);
    expect(total[0]).toMatchObject({ date_start: from, date_stop: yesterday });
    expect(days).toHaveLength(7);
    expect(decimalToMicros(total[0]!.spend as string)).toBe(
      days.reduce((sum, day) => sum + decimalToMicros(day.spend as string), 0),
    );
  });

  it('refuses unknown fields and objects with Graph errors', async () => {
    const range = encodeURIComponent(JSON.stringify({ since: yesterday, until: yesterday }));
    const field = await get(`/act_238400000000001/insights?level=ad&time_range=${range}&fields=spend,cpx`);
    expect(field.status).toBe(400);
    expect(field.body.error).toMatchObject({
      type: 'OAuthException',
      code: 100,
      message: expect.stringContaining('fields[1]'),
    });

    const level = await get(`/act_238400000000001/insights?level=campaign&time_range=${range}&fields=ad_id`);
    expect(level.status).toBe(400);

    const unknown = await get(`/act_999/insights?time_range=${range}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      code: 100,
      error_subcode: 33,
      fbtrace_id: expect.any(String),
    });
  });

  it('answers throttling and expired tokens as Meta does: HTTP 400 with codes 17 and 190', async () => {
    sandbox.harness.faults(META_ADS_SANDBOX_PREFIX).add({ kind: 'rate_limit', retry_after_s: 3 });
    const throttled = await get('/me/adaccounts');
    expect(throttled.status).toBe(400);
    expect(throttled.body.error).toMatchObject({
      code: 17,
      error_subcode: 2446079,
      message: 'User request limit reached',
    });

    const expired = await fetch(`${base}/me/adaccounts`, { headers: { authorization: 'Bearer EAAunknown' } });
    expect(expired.status).toBe(400);
    expect(((await expired.json()) as Json).error).toMatchObject({ code: 190, type: 'OAuthException' });
  });

  it('writes amounts as Meta does', () => {
    expect(formatAmount(123_456, 'EUR')).toBe('1234.56');
    expect(formatAmount(120, 'USD')).toBe('1.2');
    expect(formatAmount(700, 'GBP')).toBe('7');
    expect(formatAmount(1234, 'JPY')).toBe('1234');
    expect(decimalToMicros('1234.56')).toBe(1_234_560_000);
    expect(decimalToMicros('0.015')).toBe(15_000);
    expect(decimalToMicros('-3')).toBe(-3_000_000);
    expect(decimalToMicros('0.0000005')).toBe(1);
    expect(() => decimalToMicros('1e3')).toThrow(RangeError);
  });
});
