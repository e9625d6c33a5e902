import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../testing';
import type { Harness } from '../testing';
import { JWT_BEARER_GRANT } from './service-account-grant';
import { SANDBOX_SERVICE_ACCOUNT_EMAIL, sandboxServiceAccount } from '../core/sandbox-service-account';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ apis: [] });
});
afterAll(() => harness.close());

type Claims = { iss?: string; scope?: string; aud?: string; iat?: number; exp?: number };
async function assertion(
  claims: Claims = {},
  privateKey = sandboxServiceAccount().privateKeyPem,
): Promise<string> {
  const iat = Math.floor(harness.now() / 1000);
  return new SignJWT({ scope: 'https://www.googleapis.com/auth/bigquery.readonly', ...claims })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: sandboxServiceAccount().privateKeyId })
    .setIssuer(claims.iss ?? SANDBOX_SERVICE_ACCOUNT_EMAIL)
    .setAudience(claims.aud ?? harness.endpoints.googleOAuth.tokenUrl)
    .setIssuedAt(claims.iat ?? iat)
    .setExpirationTime(claims.exp ?? iat + 3600)
    .sign(createPrivateKey(privateKey));
}
const token = async (value: string) => {
  const response = await fetch(harness.endpoints.googleOAuth.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion: value }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('sandbox Google token endpoint: service account JWT bearer grant', () => {
  it('trades a signed assertion for an access token of the service account, without a refresh token', async () => {
    const { status, body } = await token(await assertion());
    expect(status).toBe(200);
    expect(body).toMatchObject({
      access_token: expect.stringMatching(/^ya29\./),
      token_type: 'Bearer',
      expires_in: 3600,
    });
    expect(body.refresh_token).toBeUndefined();
    const grant = harness.stores.google.accessTokens.get(String(body.access_token))!.grant;
    expect(grant).toMatchObject({
      clientId: SANDBOX_SERVICE_ACCOUNT_EMAIL,
      account: { email: SANDBOX_SERVICE_ACCOUNT_EMAIL },
    });
  });

  it("refuses what Google refuses, with Google's descriptions", async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const otherKey = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const iat = Math.floor(harness.now() / 1000);
    const cases: [Promise<string>, string, unknown][] = [
      [assertion({}, otherKey), 'invalid_grant', 'Invalid JWT Signature.'],
      [assertion({ iss: 'someone@else.iam.gserviceaccount.com' }), 'invalid_grant', 'Invalid JWT Signature.'],
      [
        assertion({ aud: 'https://example.com/token' }),
        'invalid_grant',
        `Invalid JWT: Failed audience check. The right audience is ${harness.endpoints.googleOAuth.tokenUrl}`,
      ],
      [assertion({ exp: iat + 7200 }), 'invalid_grant', expect.stringContaining('short-lived token')],
      [
        assertion({ iat: iat - 7200, exp: iat - 3600 }),
        'invalid_grant',
        expect.stringContaining('short-lived token'),
      ],
      [assertion({ scope: '' }), 'invalid_scope', 'Invalid OAuth scope or ID token audience provided.'],
      [Promise.resolve('not-a-jwt'), 'invalid_grant', 'Invalid JWT: the assertion is not a JWT.'],
    ];
    for (const [value, error, description] of cases) {
      expect(await token(await value)).toEqual({
        status: 400,
        body: { error, error_description: description },
      });
    }
  });
});
