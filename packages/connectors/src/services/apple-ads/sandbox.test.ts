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

  const report = async (path: string, body: unknown, orgId: string | null = '4242001') => {
    const response = await fetch(`${sandbox.harness.endpoints.appleAds}/api/v5${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        ...(orgId ? { 'x-ap-context': `orgId=${orgId}` } : {}),
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  const daily = (from: string, to: string, extra: Record<string, unknown> = {}) => ({
    startTime: from,
    endTime: to,
    granularity: 'DAILY',
    timeZone: 'ORTZ',
    returnRowTotals: false,
    returnGrandTotals: false,
    returnRecordsWithNoMetrics: false,
    selector: {
      orderBy: [{ field: 'campaignId', sortOrder: 'ASCENDING' }],
      pagination: { offset: 0, limit: 1000 },
    },
    ...extra,
  });

  it('answers the campaign report as ReportingResponseBody, totals equal to the days', async () => {
    const from = addDays(yesterday, -2);
    const { status, body } = await report('/reports/campaigns', {
      ...daily(from, yesterday),
      granularity: undefined,
      returnRowTotals: true,
      returnGrandTotals: true,
    });
    expect(status).toBe(200);
    expect(body.pagination).toEqual({
      totalResults: body.data.reportingDataResponse.row.length,
      startIndex: 0,
      itemsPerPage: body.data.reportingDataResponse.row.length,
    });
    const row = body.data.reportingDataResponse.row[0] as Json;
    expect(row.metadata).toMatchObject({
      campaignId: expect.any(Number),
      campaignName: expect.any(String),
      app: { appName: expect.any(String), adamId: expect.any(Number) },
      orgId: 4242001,
    });
    expect(row.total).toMatchObject({
      impressions: expect.any(Number),
      taps: expect.any(Number),
      localSpend: { amount: expect.stringMatching(/^\d+\.\d{2}$/), currency: 'USD' },
      tapInstalls: expect.any(Number),
      totalInstalls: expect.any(Number),
    });

    const days = await report('/reports/campaigns', daily(from, yesterday));
    const sameRow = (days.body.data.reportingDataResponse.row as Json[]).find(
      (r) => r.metadata.campaignId === row.metadata.campaignId,
    )!;
    expect(sameRow.total).toBeUndefined();
    expect((sameRow.granularity as Json[]).map((d) => d.date as string)).toEqual([
      from,
      addDays(from, 1),
      yesterday,
    ]);
    const spend = (sameRow.granularity as Json[]).reduce(
      (sum, d) => sum + decimalToMicros(d.localSpend.amount as string),
      0,
    );
    expect(spend).toBe(decimalToMicros(row.total.localSpend.amount as string));
    const grand = (body.data.reportingDataResponse.row as Json[]).reduce(
      (sum, r) => sum + (r.total.impressions as number),
      0,
    );
    expect(body.data.reportingDataResponse.grandTotals).toMatchObject({
      other: false,
      total: { impressions: grand },
    });
  });

  it('enforces Apple’s report rules with ApiErrorResponse bodies', async () => {
    const today = utcDay(sandbox.harness.now());
    const expectError = (answer: { status: number; body: Json }, status: number, code: string) => {
      expect(answer.status).toBe(status);
      expect(answer.body).toEqual({
        data: null,
        pagination: null,
        error: { errors: [{ messageCode: code, message: expect.any(String), field: '' }] },
      });
    };
    expectError(
      await report('/reports/campaigns', daily(addDays(today, -95), yesterday)),
      400,
      'INVALID_INPUT',
    );
    expectError(
      await report(
        '/reports/campaigns',
        daily(addDays(yesterday, -5), yesterday, { returnGrandTotals: true }),
      ),
      400,
      'INVALID_INPUT',
    );
    const campaigns = await report('/reports/campaigns', daily(yesterday, yesterday));
    const campaignId = campaigns.body.data.reportingDataResponse.row[0].metadata.campaignId as number;
    expectError(
      await report(
        `/reports/campaigns/${campaignId}/searchterms`,
        daily(yesterday, yesterday, { returnRowTotals: true }),
      ),
      400,
      'INVALID_INPUT',
    );
    expectError(
      await report(
        `/reports/campaigns/${campaignId}/searchterms`,
        daily(yesterday, yesterday, { timeZone: 'UTC' }),
      ),
      400,
      'INVALID_INPUT',
    );
    expectError(await report('/reports/campaigns', daily(yesterday, yesterday), null), 400, 'INVALID_INPUT');
    expectError(await report('/reports/campaigns/1/adgroups', daily(yesterday, yesterday)), 404, 'NOT_FOUND');
    sandbox.harness.faults(APPLE_ADS_SANDBOX_PREFIX).add({ kind: 'rate_limit' });
    expectError(await report('/reports/campaigns', daily(yesterday, yesterday)), 429, 'TOO_MANY_REQUESTS');
  });

  it('answers the search term report with Search Match terms carrying no keyword', async () => {
    const campaigns = await report('/reports/campaigns', daily(yesterday, yesterday));
    const campaignId = campaigns.body.data.reportingDataResponse.row[0].metadata.campaignId as number;
    const { body } = await report(`/reports/campaigns/${campaignId}/searchterms`, {
      ...daily(yesterday, yesterday),
      selector: {
        orderBy: [{ field: 'searchTermText', sortOrder: 'ASCENDING' }],
        pagination: { offset: 0, limit: 1000 },
      },
    });
    const rows = body.data.reportingDataResponse.row as Json[];
    expect(rows.map((r) => r.metadata.searchTermText as string)).toEqual(
      [...rows.map((r) => r.metadata.searchTermText as string)].sort(),
    );
    const auto = rows.find((r) => r.metadata.searchTermSource === 'AUTO')!;
    expect(auto.metadata).toMatchObject({
      keywordId: null,
      keyword: null,
      matchType: 'AUTO',
      adGroupId: expect.any(Number),
    });
    const targeted = rows.find((r) => r.metadata.searchTermSource === 'TARGETED')!;
    expect(targeted.metadata).toMatchObject({
      keywordId: expect.any(Number),
      matchType: expect.stringMatching(/^(EXACT|BROAD)$/),
    });
  });

  it('answers the organizations with GET /acls', async () => {
    const response = await fetch(`${sandbox.harness.endpoints.appleAds}/api/v5/acls`, {
      headers: { authorization: `Bearer ${await accessToken()}` },
    });
    const body = (await response.json()) as Json;
    expect(body.data[1]).toEqual({
      orgName: 'Northpeak Apps EU',
      orgId: 4242002,
      currency: 'EUR',
      paymentModel: 'LOC',
      roleNames: ['API Account Read Only'],
      parentOrgId: 4242001,
      timeZone: 'Europe/Berlin',
      displayTimezone: 'Europe/Berlin',
    });
    const anonymous = await fetch(`${sandbox.harness.endpoints.appleAds}/api/v5/acls`);
    expect(anonymous.status).toBe(401);
  });
});
