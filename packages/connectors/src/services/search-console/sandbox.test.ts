import { beforeAll, describe, expect, it } from 'vitest';
import { useSandbox } from '../../testing/suite';
import { SEARCH_CONSOLE_SCOPE } from './connector';
import { SEARCH_CONSOLE_SANDBOX_PREFIX, searchConsoleSandbox } from './sandbox';

const sandbox = useSandbox({
  apis: [{ prefix: SEARCH_CONSOLE_SANDBOX_PREFIX, plugin: searchConsoleSandbox }],
  now: Date.UTC(2025, 5, 15, 12),
});
let authorization: string;
beforeAll(() => {
  authorization = sandbox.bearer('google', [SEARCH_CONSOLE_SCOPE]);
});

const query = (siteUrl: string, body: unknown, auth = authorization) =>
  fetch(
    `${sandbox.harness.endpoints.searchConsole}/webmasters/v3/sites/${encodeURIComponent(siteUrl)}/searchAnalytics/query`,
    {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );

describe('sandbox Search Console API', () => {
  it('lists sites as siteEntry with permission levels, unverified ones included', async () => {
    const response = await fetch(`${sandbox.harness.endpoints.searchConsole}/webmasters/v3/sites`, {
      headers: { authorization },
    });
    const body = (await response.json()) as { siteEntry: { siteUrl: string; permissionLevel: string }[] };
    expect(body.siteEntry).toContainEqual({ siteUrl: 'sc-domain:example.com', permissionLevel: 'siteOwner' });
    expect(body.siteEntry).toContainEqual({
      siteUrl: 'sc-domain:northpeak.example',
      permissionLevel: 'siteUnverifiedUser',
    });
  });

  it('answers searchAnalytics.query with keys in dimension order and byPage aggregation', async () => {
    const response = await query('https://www.example.com/', {
      startDate: '2025-06-01',
      endDate: '2025-06-01',
      dimensions: ['page', 'device'],
      rowLimit: 3,
      dataState: 'all',
    });
    const body = (await response.json()) as {
      rows: { keys: string[]; clicks: number; impressions: number }[];
      responseAggregationType: string;
    };
    expect(body.responseAggregationType).toBe('byPage');
    expect(body.rows).toHaveLength(3);
    expect(body.rows[0]).toEqual({
      keys: [expect.stringMatching(/^https:\/\/www\.example\.com\//), expect.any(String)],
      clicks: expect.any(Number),
      impressions: expect.any(Number),
      ctr: expect.any(Number),
      position: expect.any(Number),
    });
    expect(body.rows[0]!.clicks).toBeGreaterThanOrEqual(body.rows[2]!.clicks);
  });

  it('ranks pages differently in each country: positions by country are far apart', async () => {
    const response = await query('sc-domain:example.com', {
      startDate: '2025-06-01',
      endDate: '2025-06-07',
      dimensions: ['country'],
      dataState: 'all',
    });
    const { rows } = (await response.json()) as { rows: { keys: string[]; position: number }[] };
    const position = new Map(rows.map((r) => [r.keys[0], r.position]));
    // Best at home, in Greece; pages further down in the United States.
    expect(position.get('grc')).toBe(Math.min(...position.values()));
    expect(position.get('usa')! - position.get('grc')!).toBeGreaterThan(5);
    const spread = Math.max(...position.values()) - Math.min(...position.values());
    expect(spread).toBeGreaterThan(5);
  });

  it('leaves out rows for fresh days unless dataState is all, and data older than 16 months', async () => {
    const fresh = await (
      await query('https://www.example.com/', { startDate: '2025-06-13', endDate: '2025-06-14' })
    ).json();
    expect(fresh).toEqual({ responseAggregationType: 'byProperty' });
    const all = (await (
      await query('https://www.example.com/', {
        startDate: '2025-06-13',
        endDate: '2025-06-14',
        dataState: 'all',
      })
    ).json()) as { rows: unknown[] };
    expect(all.rows).toHaveLength(1);
    const old = await (
      await query('https://www.example.com/', { startDate: '2024-01-01', endDate: '2024-01-31' })
    ).json();
    expect(old).toEqual({ responseAggregationType: 'byProperty' });
  });

  it("answers errors in Google's shape", async () => {
    const tooMany = await query('https://www.example.com/', {
      startDate: '2025-06-01',
      endDate: '2025-06-01',
      rowLimit: 25_001,
    });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toEqual({
      error: {
        code: 400,
        message: expect.stringContaining('rowLimit'),
        errors: [{ message: expect.any(String), domain: 'global', reason: 'invalid' }],
        status: 'INVALID_ARGUMENT',
      },
    });
    const unverified = await query('sc-domain:northpeak.example', {
      startDate: '2025-06-01',
      endDate: '2025-06-01',
    });
    expect(unverified.status).toBe(403);
    const anonymous = await query(
      'https://www.example.com/',
      { startDate: '2025-06-01', endDate: '2025-06-01' },
      'Bearer nope',
    );
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { status: string } }).error.status).toBe('UNAUTHENTICATED');
    const wrongScope = sandbox.bearer('google', ['openid']);
    const denied = await query(
      'https://www.example.com/',
      { startDate: '2025-06-01', endDate: '2025-06-01' },
      wrongScope,
    );
    expect(denied.status).toBe(403);
  });
});
