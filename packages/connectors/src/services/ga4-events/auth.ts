// The product's own Google service account as a TokenSource: an RS256 JWT assertion signed with
// its private key, traded at Google's token endpoint for a one-hour access token (the JWT bearer
// grant, RFC 7523). Nothing is stored per connection: the customer grants this account access to
// their export dataset instead of signing in.
// https://developers.google.com/identity/protocols/oauth2/service-account#httprest
import { importPKCS8, SignJWT } from 'jose';
import type { CryptoKey } from 'jose';
import type { ProviderClients } from '../../core/endpoints';
import { ProviderError } from '../../core/errors';
import { createProviderHttp } from '../../core/http';
import type { TokenSource } from '../../core/http';
import { cachedTokenSource } from '../../core/token-source';
import type { CachedToken } from '../../core/token-source';
import type { AuthenticateInput } from '../../core/types';

export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** Google caps an assertion (and so the access token) at one hour. */
const ASSERTION_LIFETIME_S = 3600;
const EXPIRY_MARGIN_MS = 60_000;

/** The email customers grant access to (the guide's step 4); null when no service account is configured. */
export function ga4ExportServiceAccountEmail(clients: ProviderClients): string | null {
  return clients.googleServiceAccount?.clientEmail ?? null;
}

export function serviceAccountTokenSource(
  input: AuthenticateInput,
  options: { scope: string; provider: string; now?: () => number },
): TokenSource {
  const now = options.now ?? Date.now;
  const tokenUrl = input.endpoints.googleOAuth.tokenUrl;
  const http = createProviderHttp({
    provider: options.provider,
    fetch: input.fetch,
    maxAttempts: 3,
    baseDelayMs: 200,
  });
  let key: Promise<CryptoKey> | null = null;

  async function fetchToken(): Promise<CachedToken> {
    const account = input.clients.googleServiceAccount;
    if (!account) {
      throw new ProviderError(
        'provider',
        'The Google service account of the product is not configured.',
        0,
        options.provider,
      );
    }
    key ??= importPKCS8(account.privateKeyPem, 'RS256').catch(() => {
      throw new ProviderError(
        'provider',
        'The private key of the Google service account is not a PKCS#8 PEM key.',
        0,
        options.provider,
      );
    });
    const iat = Math.floor(now() / 1000);
    const assertion = await new SignJWT({ scope: options.scope })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(account.clientEmail)
      .setAudience(tokenUrl)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ASSERTION_LIFETIME_S)
      .sign(await key);
    // A refused assertion (unknown key, clock skew) is answered with OAuth's invalid_grant: it is
    // the product's configuration, not the customer's grant, so it stays a 'provider' error.
    const answer = await http.json<{ access_token?: unknown; expires_in?: unknown }>(tokenUrl, {
      form: { grant_type: JWT_BEARER_GRANT, assertion },
      authenticated: false,
    });
    if (typeof answer?.access_token !== 'string') {
      throw new ProviderError(
        'provider',
        'The token endpoint answered without an access token.',
        200,
        options.provider,
      );
    }
    const lifetimeS = typeof answer.expires_in === 'number' ? answer.expires_in : ASSERTION_LIFETIME_S;
    return { value: answer.access_token, expiresAt: now() + lifetimeS * 1000 };
  }

  return cachedTokenSource({ fetchToken, marginMs: EXPIRY_MARGIN_MS, now });
}
