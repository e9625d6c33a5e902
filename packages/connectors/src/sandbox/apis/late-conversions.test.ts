import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcDay } from '@maya/contracts';
import { GOOGLE_ADS_API_VERSION, GOOGLE_ADS_SCOPE } from '../../services/google-ads/api';
import { GOOGLE_ADS_SANDBOX_PREFIX, googleAdsSandbox } from '../../services/google-ads/sandbox';
import { META_ADS_SCOPES } from '../../services/meta-ads/connector';
import { META_GRAPH_VERSION } from '../../services/meta-ads/graph';
import { META_ADS_SANDBOX_PREFIX, metaAdsSandbox } from '../../services/meta-ads/sandbox';
import { useSandbox } from '../../testing/suite';
import { SANDBOX_DEVELOPER_TOKEN } from '../../core/sandbox-clients';
import { LateConversions } from './late-conversions';

describe('late conversions', () => {
  it('multiplies the conversions of the days a restatement covers, both ends included', () => {
    const late = new LateConversions();
    expect(late.factor('2025-06-10')).toBe(1);
    late.add({ from: '2025-06-10', to: '2025-06-12', factor: 1.5 });
    late.add({ from: '2025-06-12', to: '2025-06-20', factor: 2 });
    expect(
      ['2025-06-09', '2025-06-10', '2025-06-12', '2025-06-20', '2025-06-21'].map((d) => late.factor(d)),
    ).toEqual([1, 1.5, 3, 2, 1]);
    late.clear();
    expect(late.factor('2025-06-12')).toBe(1);
  });
});

type Day = { date: string; clicks: number; costMicros: number; conversions: number };

describe('the sandbox ad APIs under late conversions', () => {
  const sandbox = useSandbox({
    apis: [
      { prefix: GOOGLE_ADS_SANDBOX_PREFIX, plugin: googleAdsSandbox },
      { prefix: META_ADS_SANDBOX_PREFIX, plugin: metaAdsSandbox },
    ],
    now: Date.UTC(2025, 5, 15, 12),
  });
  let days: { from: string; to: string };
  beforeAll(() => {
    const yesterday = addDays(utcDay(sandbox.harness.now()), -1);
    days = { from: addDays(yesterday, -5), to: yesterday };
  });

  const restate = (base: string, body: unknown) =>
    fetch(`${base}/_sandbox/late-conversions`, {
      method: body === null ? 'DELETE' : 'POST',
      ...(body === null
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });

  /** Google Ads' customer totals per day. */
  async function googleDays(): Promise<Day[]> {
    const answer = await fetch(
      `${sandbox.harness.endpoints.googleAds}/${GOOGLE_ADS_API_VERSION}/customers/8123940567/googleAds:search`,
      {
        method: 'POST',
        headers: {
          authorization: sandbox.bearer('google', [GOOGLE_ADS_SCOPE]),
          'developer-token': SANDBOX_DEVELOPER_TOKEN,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          query: `SELECT segments.date, metrics.clicks, metrics.cost_micros, metrics.conversions FROM customer
            WHERE segments.date BETWEEN '${days.from}' AND '${days.to}'`,
        }),
      },
    );
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as {
      results: {
        segments: { date: string };
        metrics: { clicks: string; costMicros: string; conversions: number };
      }[];
    };
    return body.results.map((r) => ({
      date: r.segments.date,
      clicks: Number(r.metrics.clicks),
      costMicros: Number(r.metrics.costMicros),
      conversions: r.metrics.conversions,
    }));
  }

  /** Meta's account insights per day, purchases as conversions. */
  async function metaDays(): Promise<Day[]> {
    const url = new URL(
      `${sandbox.harness.endpoints.metaGraph}/${META_GRAPH_VERSION}/act_238400000000001/insights`,
    );
    url.searchParams.set('level', 'account');
    url.searchParams.set('fields', 'spend,clicks,actions');
    url.searchParams.set('time_range', JSON.stringify({ since: days.from, until: days.to }));
    url.searchParams.set('time_increment', '1');
    const answer = await fetch(url, { headers: { authorization: sandbox.bearer('meta', META_ADS_SCOPES) } });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as {
      data: {
        date_start: string;
        clicks: string;
        spend: string;
        actions?: { action_type: string; value: string }[];
      }[];
    };
    return body.data.map((d) => ({
      date: d.date_start,
      clicks: Number(d.clicks),
      costMicros: Math.round(Number(d.spend) * 1e6),
      conversions: Number(d.actions?.find((a) => a.action_type === 'purchase')?.value ?? 0),
    }));
  }

  it.each([
    ['Google Ads', () => sandbox.harness.endpoints.googleAds, googleDays],
    ['Meta', () => sandbox.harness.endpoints.metaGraph, metaDays],
  ])(
    '%s restates the conversions of the armed days only, and forgets them when cleared',
    async (_name, base, read) => {
      const before = await read();
      expect(before.length).toBe(6);
      const restated = { from: addDays(days.to, -1), to: days.to };
      const armed = await restate(base(), { ...restated, factor: 2 });
      expect(armed.status).toBe(200);
      const after = await read();
      for (const [i, day] of after.entries()) {
        const old = before[i]!;
        expect({ ...day, conversions: 0 }).toEqual({ ...old, conversions: 0 });
        if (day.date < restated.from) expect(day.conversions).toBe(old.conversions);
        else expect(day.conversions).toBeGreaterThanOrEqual(old.conversions);
      }
      expect(after.slice(-2).some((day, i) => day.conversions > before[4 + i]!.conversions)).toBe(true);
      expect((await restate(base(), null)).status).toBe(200);
      expect(await read()).toEqual(before);
    },
  );

  it('refuses a malformed restatement and changes nothing', async () => {
    const base = sandbox.harness.endpoints.googleAds;
    const before = await googleDays();
    for (const body of [
      { from: days.to, to: days.from, factor: 2 },
      { from: days.from, to: days.to, factor: 0.5 },
      { from: 'yesterday', to: days.to, factor: 2 },
      { from: days.from, to: days.to },
    ]) {
      expect((await restate(base, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await googleDays()).toEqual(before);
  });
});
