import { beforeAll, describe, expect, it } from 'vitest';
import { useSandbox } from '../../testing/suite';
import { GA4_SCOPE } from './connector';
import { GA4_SANDBOX_PREFIX, ga4Sandbox } from './sandbox';
import { doubleToMicros } from '../../core/money';
import { fromCompactDate } from '../../core/dates';

const sandbox = useSandbox({
  apis: [{ prefix: GA4_SANDBOX_PREFIX, plugin: ga4Sandbox }],
  now: Date.UTC(2025, 5, 15, 12),
});
let authorization: string;
beforeAll(() => {
  authorization = sandbox.bearer('google', [GA4_SCOPE]);
});

const runReport = (property: string, body: unknown) =>
  fetch(`${sandbox.harness.endpoints.analyticsData}/v1beta/properties/${property}:runReport`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('sandbox GA4 APIs', () => {
  it('lists account summaries with property summaries and a next page token', async () => {
    const response = await fetch(
      `${sandbox.harness.endpoints.analyticsAdmin}/v1beta/accountSummaries?pageSize=2`,
      {
        headers: { authorization },
      },
    );
    const body = (await response.json()) as { accountSummaries: unknown[]; nextPageToken: string };
    expect(body.accountSummaries[0]).toEqual({
      name: 'accountSummaries/1000001',
      account: 'accounts/1000001',
      displayName: 'Acme Outdoor',
      propertySummaries: [
        {
          property: 'properties/310000001',
          displayName: 'acme.example - GA4',
          propertyType: 'PROPERTY_TYPE_ORDINARY',
          parent: 'accounts/1000001',
        },
        {
          property: 'properties/310000002',
          displayName: 'Acme app',
          propertyType: 'PROPERTY_TYPE_ORDINARY',
          parent: 'accounts/1000001',
        },
      ],
    });
    expect(body.nextPageToken).toEqual(expect.any(String));
    const last = await fetch(
      `${sandbox.harness.endpoints.analyticsAdmin}/v1beta/accountSummaries?pageSize=2&pageToken=${body.nextPageToken}`,
      { headers: { authorization } },
    );
    expect(await last.json()).toEqual({
      accountSummaries: [
        { name: 'accountSummaries/1000003', account: 'accounts/1000003', displayName: 'Old agency account' },
      ],
    });
  });

  it('answers runReport with headers, string values, rowCount and metadata', async () => {
    const response = await runReport('320000001', {
      dateRanges: [{ startDate: '2025-05-01', endDate: '2025-05-03' }],
      dimensions: [{ name: 'date' }],
      metrics: [{ name: 'sessions' }, { name: 'totalRevenue' }],
      limit: '2',
    });
    expect(await response.json()).toEqual({
      dimensionHeaders: [{ name: 'date' }],
      metricHeaders: [
        { name: 'sessions', type: 'TYPE_INTEGER' },
        { name: 'totalRevenue', type: 'TYPE_CURRENCY' },
      ],
      rows: [
        {
          dimensionValues: [{ value: '20250501' }],
          metricValues: [
            { value: expect.stringMatching(/^\d+$/) },
            { value: expect.stringMatching(/^\d+(\.\d{1,2})?$/) },
          ],
        },
        { dimensionValues: [{ value: '20250502' }], metricValues: [expect.any(Object), expect.any(Object)] },
      ],
      rowCount: 3,
      metadata: { currencyCode: 'GBP', timeZone: 'Europe/London' },
      kind: 'analyticsData#runReport',
    });
  });

  it('leaves rows out of an empty report and refuses unknown or incompatible fields', async () => {
    const empty = await runReport('310000001', {
      dateRanges: [{ startDate: '2020-01-01', endDate: '2020-01-02' }],
      metrics: [{ name: 'sessions' }],
    });
    expect(Object.keys((await empty.json()) as object)).toEqual([
      'dimensionHeaders',
      'metricHeaders',
      'metadata',
      'kind',
    ]);
    const unknown = await runReport('310000001', {
      dateRanges: [{ startDate: '7daysAgo', endDate: 'yesterday' }],
      dimensions: [{ name: 'city2' }],
      metrics: [{ name: 'sessions' }],
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      error: {
        code: 400,
        message: expect.stringContaining('Field city2 is not a valid dimension'),
        status: 'INVALID_ARGUMENT',
      },
    });
    const mixed = await runReport('310000001', {
      dateRanges: [{ startDate: '7daysAgo', endDate: 'yesterday' }],
      dimensions: [{ name: 'eventName' }],
      metrics: [{ name: 'sessions' }],
    });
    expect(((await mixed.json()) as { error: { message: string } }).error.message).toMatch(
      /^Please remove eventName/,
    );
  });

  it('reads metric values exactly', () => {
    expect(doubleToMicros('1234.56')).toBe(1_234_560_000);
    expect(doubleToMicros('1234.5600000000002')).toBe(1_234_560_000);
    expect(doubleToMicros('-0.0000005')).toBe(-1);
    expect(doubleToMicros('7')).toBe(7_000_000);
    expect(doubleToMicros('1e-6')).toBe(1);
    expect(fromCompactDate('20250131')).toBe('2025-01-31');
    expect(() => fromCompactDate('2025-01-31')).toThrow(RangeError);
  });
});
