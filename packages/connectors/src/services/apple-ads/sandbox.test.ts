import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcDay } from '@maya/contracts';
import { useSandbox } from '../../testing/suite';
import { appleClientSecret, generateAppleAdsKeyPair } from './auth';
import { decimalToMicros } from '../../core/money';
import { APPLE_ADS_SANDBOX_PREFIX, appleAdsSandbox } from './sandbox';
import { APPLE_OAUTH_SANDBOX_PREFIX, appleOAuthSandbox } from './sandbox-token';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('sandbox Apple token endpoint and Apple Ads API', () => {
  const sandbox = useSandbox({
    apis: [
      { prefix: APPLE_OAUTH_SANDBOX_PREFIX, plugin: appleOAuthSandbox },
      { prefix: APPLE_ADS_SANDBOX_PREFIX, plugin: appleAdsSandbox },
    ],
  });
  let yesterday: string;
  const keys = generateAppleAdsKeyPair();
  let ids: { client_id: string; team_id: string; key_id: string };

  beforeAll(async () => {
    yesterday = addDays(utcDay(sandbox.harness.now()), -1);
    const registered = await fetch(
      `${sandbox.harness.baseUrl}${APPLE_OAUTH_SANDBOX_PREFIX}/_sandbox/clients`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ public_key: keys.publicKeyPem }),
      },
    );
    expect(registered.status).toBe(201);
    ids = (await registered.json()) as typeof ids;
  });

  const credentials = () => ({
    kind: 'apple_ads_key_pair' as const,
    client_id: ids.client_id,
    team_id: ids.team_id,
    key_id: ids.key_id,
    private_key_pem: keys.privateKeyPem,
  });

  /** Apple's documented call: POST with the parameters in the query string. */
  const tokenCall = async (secret: string, scope = 'searchadsorg') => {
    const url = new URL(sandbox.harness.endpoints.appleOAuthToken);
    for (const [name, value] of Object.entries({
      grant_type: 'client_credentials',
      client_id: ids.client_id,
      client_secret: secret,
      scope,
    })) {
      url.searchParams.set(name, value);
    }
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  const accessToken = async () =>
    (await tokenCall(await appleClientSecret(credentials(), sandbox.harness.now()))).body
      .access_token as string;

  it('makes an EC P-256 key pair in PEM and an ES256 client secret as Apple specifies', async () => {
    expect(keys.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(keys.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(createPublicKey(keys.publicKeyPem).asymmetricKeyDetails).toEqual({ namedCurve: 'prime256v1' });
    expect(ids.client_id).toMatch(/^SEARCHADS\.[0-9a-f-]{36}$/);

    const secret = await appleClientSecret(credentials(), Date.UTC(2026, 0, 1));
    expect(decodeProtectedHeader(secret)).toEqual({ alg: 'ES256', kid: ids.key_id });
    expect(decodeJwt(secret)).toEqual({
      sub: ids.client_id,
      iss: ids.team_id,
      aud: 'https://appleid.apple.com',
      iat: Date.UTC(2026, 0, 1) / 1000,
      exp: Date.UTC(2026, 0, 1) / 1000 + 3600,
    });
  });

  it('trades a valid client secret for an access token', async () => {
    const { status, body } = await tokenCall(await appleClientSecret(credentials(), sandbox.harness.now()));
    expect(status).toBe(200);
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'searchadsorg',
    });
  });

  it('refuses secrets Apple would refuse', async () => {
    const sign = (
      claims: { sub?: string; iss?: string; aud?: string; lifetimeS?: number; kid?: string },
      key = keys.privateKeyPem,
    ) => {
      const iat = Math.floor(sandbox.harness.now() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: claims.kid ?? ids.key_id })
        .setSubject(claims.sub ?? ids.client_id)
        .setIssuer(claims.iss ?? ids.team_id)
        .setAudience(claims.aud ?? 'https://appleid.apple.com')
        .setIssuedAt(iat)
        .setExpirationTime(iat + (claims.lifetimeS ?? 3600))
        .sign(createPrivateKey(key));
    };
    const other = generateKeyPairSync('ec', {
      namedCurve: 'prime256v1',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    for (const secret of [
      await sign({ kid: 'another-key' }),
      await sign({ iss: 'SEARCHADS.someone-else' }),
      await sign({ aud: 'https://example.com' }),
      await sign({ lifetimeS: 181 * 86_400 }),
      await sign({}, other.privateKey),
      'not-a-jwt',
    ]) {
      expect(await tokenCall(secret)).toEqual({ status: 400, body: { error: 'invalid_client' } });
    }
    expect((await tokenCall(await sign({}), 'other')).body).toEqual({ error: 'invalid_scope' });
  });

  it('refuses a public key that is not EC P-256', async () => {
    const rsa = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const response = await fetch(`${sandbox.harness.baseUrl}${APPLE_OAUTH_SANDBOX_PREFIX}/_sandbox/clients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ public_key: rsa.publicKey }),
    });
    expect(response.status).toBe(400);
  });

  const v1 = (path: string) => `${sandbox.harness.endpoints.appleAds}/v1${path}`;
  const report = async (level: string, body: unknown, adAccountId: string | null = '8150001') => {
    const response = await fetch(v1(`/reports/apps/${level}/query`), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        ...(adAccountId ? { 'x-ap-context': `adAccountId=${adAccountId}` } : {}),
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  const campaignIdsOf = async (adAccountId = '8150001') => {
    const response = await fetch(v1('/campaigns/query'), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        'x-ap-context': `adAccountId=${adAccountId}`,
      },
      body: JSON.stringify({ pagination: { offset: 0, pageSize: 1000, fetchTotalCount: true } }),
    });
    const body = (await response.json()) as Json;
    expect(body.pagination).toEqual({ offset: 0, pageSize: 1000, totalCount: body.result.length });
    return (body.result as Json[]).map((c) => String(c.id));
  };

  const daily = (from: string, to: string, campaigns: string[], extra: Record<string, unknown> = {}) => ({
    timeRange: { start: from, end: to, timeZone: 'ORTZ', granularity: 'DAILY' },
    filters: [{ field: 'campaignId', operator: 'IN', value: campaigns }],
    sorting: [{ field: 'id', order: 'ASC' }],
    pagination: { offset: 0, pageSize: 1000 },
    ...extra,
  });

  it('answers the campaign report as Apple’s AppsCampaignReportResponse, totals equal to the days', async () => {
    const from = addDays(yesterday, -2);
    const campaigns = await campaignIdsOf();
    const { status, body } = await report(
      'campaigns',
      daily(from, yesterday, campaigns, { options: { includeRows: ['GRAND_TOTAL'] } }),
    );
    expect(status).toBe(200);
    const rows = body.result.rows as Json[];
    expect(body.pagination).toEqual({ offset: 0, pageSize: 1000, totalCount: rows.length });
    const row = rows[0]!;
    expect(row.metadata).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      promotedObjectType: 'APPSTORE_APP',
      promotedObject: { name: expect.any(String) },
      adAccountId: 8150001,
      adChannelType: 'SEARCH',
    });
    expect(row.totalMetrics).toMatchObject({
      impressions: expect.any(Number),
      taps: expect.any(Number),
      localSpend: { amount: expect.stringMatching(/^\d+\.\d{2}$/), currency: 'USD' },
      tapInstalls: expect.any(Number),
      totalInstalls: expect.any(Number),
    });
    expect((row.granularMetrics as Json[]).map((d) => d.date as string)).toEqual([
      from,
      addDays(from, 1),
      yesterday,
    ]);
    const spend = (row.granularMetrics as Json[]).reduce(
      (sum, d) => sum + decimalToMicros(d.localSpend.amount as string),
      0,
    );
    expect(spend).toBe(decimalToMicros(row.totalMetrics.localSpend.amount as string));
    const grand = rows.reduce((sum, r) => sum + (r.totalMetrics.impressions as number), 0);
    expect(body.result.summary).toMatchObject({ grandTotal: { impressions: grand } });

    // A single day: no granularity, the day in totalMetrics only.
    const single = await report('campaigns', {
      ...daily(yesterday, yesterday, campaigns),
      timeRange: { start: yesterday, end: yesterday, timeZone: 'ORTZ' },
    });
    expect(single.status).toBe(200);
    expect((single.body.result.rows as Json[])[0]!.granularMetrics).toBeUndefined();
  });

  it('enforces Apple’s report rules with ErrorResponse bodies', async () => {
    const today = utcDay(sandbox.harness.now());
    const campaigns = await campaignIdsOf();
    const expectError = (answer: { status: number; body: Json }, status: number, code: string) => {
      expect(answer.status).toBe(status);
      expect(answer.body).toEqual({ error: { code, message: expect.any(String), details: [] } });
    };
    // DAILY: the start within the last 90 days (today - 90 is), the range longer than one day.
    expect((await report('campaigns', daily(addDays(today, -90), yesterday, campaigns))).status).toBe(200);
    expectError(
      await report('campaigns', daily(addDays(today, -91), yesterday, campaigns)),
      400,
      'INVALID_ARGUMENT',
    );
    expectError(await report('campaigns', daily(yesterday, yesterday, campaigns)), 400, 'INVALID_ARGUMENT');
    // Every apps report requires a campaignId filter.
    expectError(
      await report('campaigns', { ...daily(addDays(yesterday, -1), yesterday, campaigns), filters: [] }),
      400,
      'INVALID_ARGUMENT',
    );
    const campaign = campaigns[0]!;
    // Search terms: ORTZ only, no EMPTY_METRICS.
    expectError(
      await report('searchterms', {
        ...daily(addDays(yesterday, -1), yesterday, [campaign]),
        timeRange: { start: addDays(yesterday, -1), end: yesterday, timeZone: 'UTC', granularity: 'DAILY' },
      }),
      400,
      'INVALID_ARGUMENT',
    );
    expectError(
      await report(
        'searchterms',
        daily(addDays(yesterday, -1), yesterday, [campaign], { options: { includeRows: ['EMPTY_METRICS'] } }),
      ),
      400,
      'INVALID_ARGUMENT',
    );
    expectError(
      await report('campaigns', daily(addDays(yesterday, -1), yesterday, campaigns), null),
      400,
      'INVALID_ARGUMENT',
    );
    expectError(
      await report('campaigns', daily(addDays(yesterday, -1), yesterday, campaigns), '9999999'),
      403,
      'FORBIDDEN',
    );
    expectError(
      await report('creativesets', daily(addDays(yesterday, -1), yesterday, campaigns)),
      404,
      'NOT_FOUND',
    );
    sandbox.harness.faults(APPLE_ADS_SANDBOX_PREFIX).add({ kind: 'rate_limit' });
    expectError(
      await report('campaigns', daily(addDays(yesterday, -1), yesterday, campaigns)),
      429,
      'RATE_LIMIT_EXCEEDED',
    );
  });

  it('answers the search term report with Search Match terms carrying no keyword', async () => {
    const [campaign] = await campaignIdsOf();
    const { body } = await report('searchterms', {
      ...daily(addDays(yesterday, -1), yesterday, [campaign!]),
      sorting: [{ field: 'searchTermText', order: 'ASC' }],
    });
    const rows = body.result.rows as Json[];
    const texts = rows.map((r) => r.metadata.searchTermText as string);
    expect(texts).toEqual([...texts].sort());
    const auto = rows.find((r) => r.metadata.searchTermSource === 'AUTO')!;
    expect(auto.metadata).toMatchObject({
      keyword: null,
      adGroupId: expect.any(Number),
      campaignId: Number(campaign),
    });
    const targeted = rows.find((r) => r.metadata.searchTermSource === 'SEARCH')!;
    expect(targeted.metadata.keyword).toMatchObject({
      id: expect.any(Number),
      matchType: expect.stringMatching(/^(EXACT|BROAD)$/),
    });
  });

  it('answers the ad accounts with GET /v1/acls and GET /v1/me without a context header', async () => {
    const authorization = `Bearer ${await accessToken()}`;
    const acls = (await (await fetch(v1('/acls'), { headers: { authorization } })).json()) as Json;
    expect(acls.result.acls[1]).toEqual({
      adAccount: { id: 8150002, name: 'Northpeak Apps EU', orgId: 4242002 },
      roles: ['API Account Read Only'],
    });
    const me = (await (await fetch(v1('/me'), { headers: { authorization } })).json()) as Json;
    expect(me.result).toEqual({ userId: ids.client_id, orgId: 4242001 });
    const anonymous = await fetch(v1('/acls'));
    expect(anonymous.status).toBe(401);
    // Every answer, successful or not, carries Apple's rate-limit headers.
    expect(Number(anonymous.headers.get('ratelimit-limit'))).toBe(1000);
    expect(Number(anonymous.headers.get('ratelimit-remaining'))).toBeLessThan(1000);
    expect(Number(anonymous.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(0);
  });

  it('answers the retired Campaign Management API v5 and unknown versions with 404', async () => {
    const authorization = `Bearer ${await accessToken()}`;
    for (const path of ['/api/v5/acls', '/api/v5/reports/campaigns', '/v5/acls', '/v0/acls']) {
      const response = await fetch(`${sandbox.harness.endpoints.appleAds}${path}`, {
        method: path.includes('reports') ? 'POST' : 'GET',
        headers: { authorization, 'content-type': 'application/json' },
        ...(path.includes('reports') ? { body: '{}' } : {}),
      });
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as Json).error.code).toBe('NOT_FOUND');
    }
  });
});
