// The back-channel half: the token endpoint (authorization_code and refresh_token grants, and
// Google's service account JWT bearer grant), userinfo and revocation.
import { createHash } from 'node:crypto';
import { PKCE_VALUE } from './deps';
import type { FlowDeps } from './deps';
import { OAuthError, asParams, authenticateClient, bearerToken, oauthErrorOutcome, one } from './http';
import type { Outcome, Params } from './http';
import { JWT_BEARER_GRANT, serviceAccountGrant } from './service-account-grant';
import { ACCESS_TOKEN_TTL_S, randomToken } from './store';
import type { Grant, SandboxClient } from './types';

function pkceMatches(verifier: string, challenge: string, method: 'S256' | 'plain'): boolean {
  const computed = method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return computed === challenge;
}

export function createTokenSteps(deps: FlowDeps) {
  const { profile, store, clients } = deps;
  /** This provider's token URL: the audience service account assertions must name. */
  const tokenUrl = deps.consentAction.replace(/\/_sandbox\/consent$/, '/token');

  async function issueTokens(grant: Grant, refreshToken: 'new' | 'none'): Promise<Record<string, unknown>> {
    const nowMs = store.now();
    const accessToken = randomToken(deps.provider === 'google' ? 'ya29.' : 'EwB');
    store.accessTokens.set(accessToken, { grant, expiresAt: nowMs + ACCESS_TOKEN_TTL_S * 1000 });
    const response: Record<string, unknown> = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_S,
      scope: grant.scopes.join(' '),
      ...profile.tokenResponseExtras,
    };
    if (grant.scopes.includes('openid')) {
      const iat = Math.floor(nowMs / 1000);
      response.id_token = await deps.key.sign({
        ...profile.idTokenClaims(grant, { accessToken, iat }),
        aud: grant.clientId,
        iat,
        exp: iat + 3600,
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
      });
    }
    if (refreshToken === 'new') {
      const token = randomToken(deps.provider === 'google' ? '1//' : 'M.C');
      // A refreshed ID token carries no nonce (OpenID Connect Core §12.2).
      store.refreshTokens.set(token, { ...grant, nonce: null });
      response.refresh_token = token;
    }
    return response;
  }

  function redeemCode(params: Params, client: SandboxClient) {
    const codeValue = one(params, 'code');
    if (!codeValue) throw new OAuthError('invalid_request', 'Missing required parameter: code.');
    const code = store.codes.get(codeValue);
    if (!code) throw new OAuthError('invalid_grant', 'The authorization code is unknown or expired.');
    if (code.redeemed) {
      // A replayed code revokes what it issued (RFC 6749 §4.1.2).
      store.revoke(code.issued);
      throw new OAuthError('invalid_grant', 'The authorization code was already redeemed.');
    }
    code.redeemed = true;
    if (code.expiresAt <= store.now())
      throw new OAuthError('invalid_grant', 'The authorization code expired.');
    if (code.grant.clientId !== client.clientId) {
      throw new OAuthError('invalid_grant', 'The authorization code was issued to another client.');
    }
    if (one(params, 'redirect_uri') !== code.redirectUri) {
      throw new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request.');
    }
    const verifier = one(params, 'code_verifier');
    if (code.codeChallenge) {
      if (!verifier || !PKCE_VALUE.test(verifier))
        throw new OAuthError('invalid_grant', 'Missing code_verifier.');
      if (!pkceMatches(verifier, code.codeChallenge, code.codeChallengeMethod)) {
        throw new OAuthError('invalid_grant', 'The code_verifier does not match the code_challenge.');
      }
    } else if (verifier) {
      throw new OAuthError('invalid_grant', 'code_verifier sent for a request without code_challenge.');
    }
    return code;
  }

  /** POST token: authorization_code and refresh_token grants. */
  async function token(body: unknown, authorization: string | undefined): Promise<Outcome> {
    try {
      const fault = store.takeTokenFault();
      if (fault === 'server_error') {
        throw new OAuthError('server_error', 'Sandbox fault injected: the server failed.', 500);
      }
      if (fault === 'invalid_grant') throw new OAuthError('invalid_grant', 'Sandbox fault injected.');
      const params = asParams(body);
      // Google's service accounts authenticate by the signed assertion alone (RFC 7523 §3.1). Its
      // iat and exp are the client's wall clock, so they are checked against the wall clock: the
      // store's clock dates the data, and a test holds it still (a file's loads a minute after the
      // harness started signed "from the future" and were refused).
      if (deps.provider === 'google' && one(params, 'grant_type') === JWT_BEARER_GRANT) {
        return tokenOutcome(
          await issueTokens(await serviceAccountGrant(params, tokenUrl, Date.now()), 'none'),
        );
      }
      const client = authenticateClient(clients, authorization, params);
      const grantType = one(params, 'grant_type');
      switch (grantType) {
        case 'authorization_code': {
          const code = redeemCode(params, client);
          const response = await issueTokens(code.grant, code.grant.offline ? 'new' : 'none');
          code.issued.push(String(response.access_token));
          if (typeof response.refresh_token === 'string') code.issued.push(response.refresh_token);
          return tokenOutcome(response);
        }
        case 'refresh_token': {
          const refreshToken = one(params, 'refresh_token');
          if (!refreshToken)
            throw new OAuthError('invalid_request', 'Missing required parameter: refresh_token.');
          const grant = store.refreshTokens.get(refreshToken);
          if (!grant || grant.clientId !== client.clientId) {
            throw new OAuthError(
              'invalid_grant',
              'The refresh token is unknown, revoked or for another client.',
            );
          }
          const asked = (one(params, 'scope') ?? '').split(' ').filter(Boolean);
          if (asked.some((s) => !grant.scopes.includes(s))) {
            throw new OAuthError(
              'invalid_scope',
              'The requested scope exceeds the scope originally granted.',
            );
          }
          const narrowed = asked.length > 0 ? { ...grant, scopes: asked } : grant;
          return tokenOutcome(await issueTokens(narrowed, profile.rotatesRefreshToken ? 'new' : 'none'));
        }
        case null:
          throw new OAuthError('invalid_request', 'Missing required parameter: grant_type.');
        default:
          throw new OAuthError('unsupported_grant_type', `Unsupported grant_type ${grantType}.`);
      }
    } catch (e) {
      if (e instanceof OAuthError) return oauthErrorOutcome(e);
      throw e;
    }
  }

  function tokenOutcome(body: Record<string, unknown>): Outcome {
    return { kind: 'json', status: 200, body, headers: { 'cache-control': 'no-store', pragma: 'no-cache' } };
  }

  /** GET userinfo with `Authorization: Bearer <access token>`. */
  function userinfo(authorization: string | undefined): Outcome {
    const accessToken = bearerToken(authorization);
    const record = accessToken ? store.accessTokens.get(accessToken) : undefined;
    if (!record || record.expiresAt <= store.now()) {
      return oauthErrorOutcome(
        new OAuthError('invalid_token', 'The access token is missing, invalid or expired.', 401, {
          'www-authenticate': 'Bearer error="invalid_token"',
        }),
      );
    }
    return { kind: 'json', status: 200, body: profile.userinfo(record.grant) };
  }

  /** POST revoke (Google): forget an access or refresh token. */
  function revoke(body: unknown, query: unknown): Outcome {
    try {
      const value = one(asParams(body), 'token') ?? one(asParams(query), 'token');
      if (!value || (!store.accessTokens.has(value) && !store.refreshTokens.has(value))) {
        throw new OAuthError('invalid_token', 'Token expired or revoked');
      }
      store.revoke([value]);
      return { kind: 'json', status: 200, body: {} };
    } catch (e) {
      if (e instanceof OAuthError) return oauthErrorOutcome(e);
      throw e;
    }
  }

  return { token, userinfo, revoke };
}
