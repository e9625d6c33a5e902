// Apple Ads API authentication (OAuth 2 client credentials with a signed client secret):
// the product makes an EC P-256 key pair per organization and shows the public key; the user
// uploads it at Apple (Account Settings > API) and gets a clientId, teamId and keyId back. A client
// secret is then an ES256 JWT {sub: clientId, iss: teamId, aud: https://appleid.apple.com} with the
// keyId as `kid`, traded at Apple's token endpoint for an access token valid one hour.
// https://developer.apple.com/documentation/apple_ads/implementing-oauth-for-the-apple-search-ads-api
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { ProviderError } from '../../core/errors';
import { createProviderHttp } from '../../core/http';
import { cachedTokenSource } from '../../core/token-source';
import type { ErrorReader, TokenSource } from '../../core/http';
import type { AuthenticateInput, Credentials } from '../../core/types';

export const APPLE_AUDIENCE = 'https://appleid.apple.com';
export const APPLE_SCOPE = 'searchadsorg';
/** A fresh client secret per token request needs no long life; Apple allows up to 180 days. */
const CLIENT_SECRET_TTL_S = 3600;
/** Renew this long before the access token's expiry. */
const EXPIRY_MARGIN_MS = 60_000;

/** A new EC P-256 key pair in PEM: SPKI public key (to upload at Apple) and PKCS #8 private key. */
export function generateAppleAdsKeyPair(): { privateKeyPem: string; publicKeyPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', {
    namedCurve: 'prime256v1',
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

type AppleKeyPair = Extract<Credentials, { kind: 'apple_ads_key_pair' }>;

/** The ES256 client secret for the credentials (PKCS #8 or SEC1 "EC PRIVATE KEY" PEM both work). */
export async function appleClientSecret(credentials: AppleKeyPair, nowMs = Date.now()): Promise<string> {
  const key = createPrivateKey(credentials.private_key_pem);
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: credentials.key_id })
    .setSubject(credentials.client_id)
    .setIssuer(credentials.team_id)
    .setAudience(APPLE_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + CLIENT_SECRET_TTL_S)
    .sign(key);
}

/** Apple's token endpoint answers `{"error": "invalid_client"}`: the key or ids are wrong or revoked. */
const readTokenError: ErrorReader = (status, body) => {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'string') return { message: `HTTP ${status}` };
  const message =
    error === 'invalid_client'
      ? 'invalid_client: Apple refused the client credentials (client ID, team ID, key ID or the uploaded public key).'
      : error;
  return {
    message,
    kind: error === 'invalid_client' || error === 'invalid_grant' ? 'reauthorization_required' : undefined,
  };
};

type TokenAnswer = { access_token: string; expires_in?: number };

/** The connection's Authorization: an access token fetched, cached and renewed before it expires. */
export function appleTokenSource(input: AuthenticateInput, now: () => number = Date.now): TokenSource {
  const { credentials } = input;
  if (credentials.kind !== 'apple_ads_key_pair') {
    throw new ProviderError(
      'provider',
      'Apple Ads needs its client ID, team ID, key ID and key pair.',
      0,
      'Apple Ads',
    );
  }
  const http = createProviderHttp({
    provider: 'Apple Ads',
    readError: readTokenError,
    fetch: input.fetch,
    maxAttempts: 3,
    baseDelayMs: 200,
  });
  return cachedTokenSource({
    marginMs: EXPIRY_MARGIN_MS,
    now,
    fetchToken: async () => {
      const answer = await http.json<TokenAnswer>(input.endpoints.appleOAuthToken, {
        form: {
          grant_type: 'client_credentials',
          client_id: credentials.client_id,
          client_secret: await appleClientSecret(credentials, now()),
          scope: APPLE_SCOPE,
        },
        authenticated: false,
      });
      return { value: answer.access_token, expiresAt: now() + (answer.expires_in ?? 3600) * 1000 };
    },
  });
}
