// Google's service account flow at the sandbox token endpoint: the JWT bearer grant (RFC 7523
// §2.1), as https://developers.google.com/identity/protocols/oauth2/service-account#httprest
// documents it. The assertion is an RS256 JWT signed with the service account's private key:
// {iss: client email, scope, aud: the token URL, iat, exp ≤ iat + 1 h}. No client authentication;
// no refresh token (the client signs a new assertion when the access token expires).
import { decodeJwt, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';
import { resolveAccount } from './accounts';
import { OAuthError, one } from './http';
import type { Params } from './http';
import { trustedServiceAccountKey } from '../core/sandbox-service-account';
import type { Grant } from './types';

export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** The audience in a real service account key file (`token_uri`); accepted beside the sandbox's own. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const MAX_LIFETIME_S = 3600;
const TIMEFRAME =
  'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.';

/** Verifies the assertion and returns the grant its access token carries. */
export async function serviceAccountGrant(params: Params, tokenUrl: string, nowMs: number): Promise<Grant> {
  const assertion = one(params, 'assertion');
  if (!assertion) throw new OAuthError('invalid_request', 'Missing required parameter: assertion.');
  let claims: JWTPayload;
  let keyId: string | null;
  try {
    claims = decodeJwt(assertion);
    keyId = decodeProtectedHeader(assertion).kid ?? null;
  } catch {
    throw new OAuthError('invalid_grant', 'Invalid JWT: the assertion is not a JWT.');
  }
  const issuer = typeof claims.iss === 'string' ? claims.iss : null;
  const key = issuer ? trustedServiceAccountKey(issuer, keyId) : null;
  if (!issuer || !key) throw new OAuthError('invalid_grant', 'Invalid JWT Signature.');
  try {
    await jwtVerify(assertion, key, {
      algorithms: ['RS256'],
      audience: [tokenUrl, GOOGLE_TOKEN_URL],
      currentDate: new Date(nowMs),
      requiredClaims: ['iat', 'exp'],
    });
  } catch (e) {
    if (e instanceof errors.JWSSignatureVerificationFailed)
      throw new OAuthError('invalid_grant', 'Invalid JWT Signature.');
    if (e instanceof errors.JWTClaimValidationFailed && e.claim === 'aud') {
      throw new OAuthError(
        'invalid_grant',
        `Invalid JWT: Failed audience check. The right audience is ${tokenUrl}`,
      );
    }
    if (e instanceof errors.JWTExpired || e instanceof errors.JWTClaimValidationFailed)
      throw new OAuthError('invalid_grant', TIMEFRAME);
    throw new OAuthError('invalid_grant', 'Invalid JWT Signature.');
  }
  const iat = Number(claims.iat);
  const exp = Number(claims.exp);
  if (exp - iat > MAX_LIFETIME_S || iat * 1000 > nowMs + 60_000)
    throw new OAuthError('invalid_grant', TIMEFRAME);
  const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ').filter(Boolean) : [];
  if (scopes.length === 0)
    throw new OAuthError('invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
  return {
    clientId: issuer,
    account: resolveAccount('google', { email: issuer, name: '' }),
    scopes,
    nonce: null,
    offline: false,
  };
}
