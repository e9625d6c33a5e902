import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEVELOPER_TOKEN } from '../../core/sandbox-clients';
import { useSandbox } from '../../testing/suite';
import { GOOGLE_ADS_API_VERSION, GOOGLE_ADS_FAILURE_TYPE, GOOGLE_ADS_SCOPE } from './api';
import { readGoogleAdsError } from './error';
import { GOOGLE_ADS_SANDBOX_PREFIX, googleAdsSandbox } from './sandbox';

const MANAGER = '5190427761';
const CLIENT = '3816209475';

const sandbox = useSandbox({
  apis: [{ prefix: GOOGLE_ADS_SANDBOX_PREFIX, plugin: googleAdsSandbox }],
  now: Date.UTC(2025, 5, 15, 12),
});
let token: string;
beforeAll(() => {
  token = sandbox.tokens('google', [GOOGLE_ADS_SCOPE]).access_token;
});

const base = () => `${sandbox.harness.endpoints.googleAds}/${GOOGLE_ADS_API_VERSION}`;

async function search(
  query: string,
  options: {
    customer?: string;
    login?: string | null;
    pageToken?: string;
    body?: Record<string, unknown>;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'developer-token': SANDBOX_DEVELOPER_TOKEN,
    'content-type': 'application/json',
    ...options.headers,
  };
  const login = options.login === undefined ? MANAGER : options.login;
  if (login) headers['login-customer-id'] = login;
  const response = await fetch(`${base()}/customers/${options.customer ?? CLIENT}/googleAds:search`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      query,
      ...(options.pageToken ? { pageToken: options.pageToken } : {}),
      ...options.body,
    }),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

type Failure = { errorCode: Record<string, string>; message: string };
type Result = Record<string, Record<string, unknown> | undefined>;
/** A search answer or a failure, loosely: the tests check the shapes. */
type Answer = {
  results: Result[];
  nextPageToken?: string;
  fieldMask?: string;
  error: { code: number; status: string; details: { '@type': string; errors: Failure[] }[] };
};

/** The (first) GoogleAdsFailure error of an answer. */
const failure = (body: Answer) =>
  body.error.details.find((d) => d['@type'] === GOOGLE_ADS_FAILURE_TYPE)?.errors[0];

const CAMPAIGN_QUERY =
  'SELECT segments.date, campaign.id, campaign.name, metrics.impressions, metrics.cost_micros, metrics.conversions ' +
  "FROM campaign WHERE segments.date BETWEEN '2025-06-01' AND '2025-06-02'";

describe('sandbox Google Ads API', () => {
  it('lists the accessible customers as resource names', async () => {
    const response = await fetch(`${base()}/customers:listAccessibleCustomers`, {
      headers: { authorization: `Bearer ${token}`, 'developer-token': SANDBOX_DEVELOPER_TOKEN },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      resourceNames: [`customers/${MANAGER}`, 'customers/7731908264', 'customers/8123940567'],
    });
  });

  it('answers a search as GoogleAdsRows: resources by name with their resourceName, int64 as strings', async () => {
    const { status, body } = await search(CAMPAIGN_QUERY);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['fieldMask', 'requestId', 'results']);
    expect(body.fieldMask).toBe(
      'segments.date,campaign.id,campaign.name,metrics.impressions,metrics.costMicros,metrics.conversions',
    );
    const row = body.results[0]!;
    expect(row).toEqual({
      campaign: {
        resourceName: `customers/${CLIENT}/campaigns/${String(row.campaign!.id)}`,
        id: expect.stringMatching(/^\d{11}$/),
        name: 'DE | Search | Footwear',
      },
      segments: { date: '2025-06-01' },
      metrics: {
        impressions: expect.stringMatching(/^\d+$/),
        costMicros: expect.stringMatching(/^\d+0000$/),
        conversions: expect.any(Number),
      },
    });
    // The same query gives the same numbers, whatever else was asked before.
    expect((await search(CAMPAIGN_QUERY)).body.results).toEqual(body.results);
  });

  it('pages by 10,000 rows with a nextPageToken bound to the query, none on the last page', async () => {
    const query =
      'SELECT segments.date, search_term_view.search_term, metrics.clicks FROM search_term_view ' +
      "WHERE segments.date BETWEEN '2025-05-01' AND '2025-06-30'";
    const first = await search(query);
    expect(first.body.results).toHaveLength(10_000);
    expect(first.body.nextPageToken).toEqual(expect.any(String));
    expect(first.body.results[0]!.searchTermView!.resourceName).toMatch(
      new RegExp(`^customers/${CLIENT}/searchTermViews/\\d+~\\d+~[A-Za-z0-9_-]+$`),
    );
    let pageToken: string | undefined = first.body.nextPageToken;
    let rows = first.body.results.length;
    let pages = 1;
    let last = first.body;
    while (pageToken) {
      last = (await search(query, { pageToken })).body;
      rows += last.results.length;
      pages++;
      pageToken = last.nextPageToken;
    }
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(last.results.length).toBeLessThanOrEqual(10_000);
    expect(last.results.at(-1)!.segments!.date).toBe('2025-06-15'); // data runs through today, in progress
    expect(rows).toBeGreaterThan(10_000);

    const other = await search(`${query} LIMIT 5`, { pageToken: first.body.nextPageToken });
    expect(other.status).toBe(400);
    expect(failure(other.body)).toEqual({
      errorCode: { requestError: 'INVALID_PAGE_TOKEN' },
      message: 'Page token is invalid.',
    });
  });

  it('filters on WHERE conditions and honours LIMIT', async () => {
    const paused = await search(
      "SELECT campaign.id, campaign.status FROM campaign WHERE campaign.status = 'PAUSED'",
    );
    expect(paused.body.results.map((r) => r.campaign!.status)).toEqual(['PAUSED']);
    const some = await search(
      "SELECT campaign.id FROM campaign WHERE campaign.advertising_channel_type IN ('SHOPPING', 'DISPLAY') LIMIT 1",
    );
    expect(some.body.results).toHaveLength(1);
    const clients = await search(
      'SELECT customer_client.id, customer_client.level, customer_client.manager FROM customer_client WHERE customer_client.level <= 1',
      { customer: MANAGER },
    );
    expect(
      clients.body.results.map((r) => [
        r.customerClient!.id,
        r.customerClient!.level,
        r.customerClient!.manager,
      ]),
    ).toEqual([
      [MANAGER, '0', true],
      [CLIENT, '1', false],
      ['4402918356', '1', false],
    ]);
  });

  it.each([
    ['an unknown resource', 'SELECT campaign.id FROM campaign_magic', 'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE'],
    ['an unknown field', 'SELECT campaign.idd FROM campaign', 'UNRECOGNIZED_FIELD'],
    [
      'a field of another resource',
      'SELECT ad_group.id FROM campaign',
      'PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE',
    ],
    [
      'a date segment without a range',
      'SELECT segments.date, metrics.clicks FROM campaign',
      'EXPECTED_FILTERS_ON_DATE_RANGE',
    ],
    [
      'conversion actions with impressions',
      "SELECT segments.date, segments.conversion_action_name, metrics.impressions FROM campaign WHERE segments.date = '2025-06-01'",
      'PROHIBITED_SEGMENT_WITH_METRIC_IN_SELECT_OR_WHERE_CLAUSE',
    ],
    [
      'a bad date',
      "SELECT segments.date, metrics.clicks FROM campaign WHERE segments.date BETWEEN '2025-6-1' AND '2025-06-02'",
      'INVALID_VALUE_WITH_BETWEEN_OPERATOR',
    ],
    ['a missing FROM', 'SELECT campaign.id', 'EXPECTED_FROM'],
    [
      'an unsupported operator',
      "SELECT campaign.id FROM campaign WHERE campaign.name LIKE '%x%'",
      'BAD_OPERATOR',
    ],
  ])('refuses %s with a GoogleAdsFailure', async (_what, query, code) => {
    const { status, body } = await search(query);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(failure(body)!.errorCode).toEqual({ queryError: code });
    expect(readGoogleAdsError(400, body)).toEqual({ message: failure(body)!.message });
  });

  it('refuses metrics on a manager account', async () => {
    const { status, body } = await search(CAMPAIGN_QUERY, { customer: MANAGER });
    expect(status).toBe(400);
    expect(failure(body)).toMatchObject({ errorCode: { queryError: 'REQUESTED_METRICS_FOR_MANAGER' } });
  });

  it("refuses a client without its manager's login-customer-id, and a request without the developer token", async () => {
    const denied = await search(CAMPAIGN_QUERY, { login: null });
    expect(denied.status).toBe(403);
    expect(denied.body.error.status).toBe('PERMISSION_DENIED');
    expect(failure(denied.body)).toMatchObject({
      errorCode: { authorizationError: 'USER_PERMISSION_DENIED' },
    });

    const missing = await search(CAMPAIGN_QUERY, { headers: { 'developer-token': '' } });
    expect(missing.status).toBe(400);
    expect(failure(missing.body)!.errorCode).toEqual({ requestError: 'DEVELOPER_TOKEN_PARAMETER_MISSING' });

    const sized = await search(CAMPAIGN_QUERY, { body: { pageSize: 100 } });
    expect(failure(sized.body)!.errorCode).toEqual({ requestError: 'PAGE_SIZE_NOT_SUPPORTED' });
  });

  it('answers without the adwords scope as Google does', async () => {
    const other = sandbox.bearer('google', ['openid']);
    const { status, body } = await search(CAMPAIGN_QUERY, {
      headers: { authorization: other },
    });
    expect(status).toBe(403);
    expect(readGoogleAdsError(status, body)).toEqual({
      message: 'Request had insufficient authentication scopes.',
      kind: 'reauthorization_required',
    });
  });
});

describe('readGoogleAdsError', () => {
  const body = (status: string, errors: unknown[]) => ({
    error: {
      code: 0,
      message: 'Envelope message',
      status,
      details: [{ '@type': GOOGLE_ADS_FAILURE_TYPE, errors }],
    },
  });

  it('reads the quota retry delay Google sends in the failure details', () => {
    const quota = body('RESOURCE_EXHAUSTED', [
      {
        errorCode: { quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED' },
        message: 'Too many requests. Retry in 30 seconds.',
        details: {
          quotaErrorDetails: { rateScope: 'ACCOUNT', rateName: 'Requests per account', retryDelay: '30s' },
        },
      },
    ]);
    expect(readGoogleAdsError(429, quota)).toEqual({
      message: 'Too many requests. Retry in 30 seconds.',
      kind: 'rate_limited',
      retryAfterMs: 30_000,
    });
  });

  it('tells a refreshable token from a revoked one and from a developer token problem', () => {
    const auth = (code: string) =>
      body('UNAUTHENTICATED', [{ errorCode: { authenticationError: code }, message: code }]);
    expect(readGoogleAdsError(401, auth('OAUTH_TOKEN_EXPIRED')).kind).toBe('unauthorized');
    expect(readGoogleAdsError(401, auth('OAUTH_TOKEN_REVOKED')).kind).toBe('reauthorization_required');
    expect(readGoogleAdsError(401, auth('DEVELOPER_TOKEN_INVALID')).kind).toBe('provider');
  });

  it('joins several errors and falls back to the envelope message', () => {
    const two = body('INVALID_ARGUMENT', [
      { errorCode: { queryError: 'A' }, message: 'First.' },
      { errorCode: { queryError: 'B' }, message: 'Second.' },
    ]);
    expect(readGoogleAdsError(400, two)).toEqual({ message: 'First. Second.' });
    expect(
      readGoogleAdsError(404, { error: { code: 404, message: 'Not found.', status: 'NOT_FOUND' } }),
    ).toEqual({
      message: 'Not found.',
    });
  });
});
