import { authorizationUrl } from '@maya/connectors';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { OidcProviderConfig } from '../../platform/config';
import { AppError } from '../../platform/errors';

/**
 * A minimal OpenID Connect client: discovery, the authorization-code flow with PKCE, and ID
 * token verification (signature against the provider's JWKS, audience, issuer, expiry, nonce).
 * The same code talks to Google, Microsoft or the sandbox; only the issuer URL differs.
 */
type Discovery = { issuer: string; authorization_endpoint: string; token_endpoint: string; jwks_uri: string };

export type OidcClient = {
  authorizationUrl(params: {
    state: string;
    nonce: string;
    codeChallenge: string;
    redirectUri: string;
  }): Promise<string>;
  exchangeCode(params: { code: string; codeVerifier: string; redirectUri: string }): Promise<string>;
  verifyIdToken(idToken: string, expectedNonce: string | null): Promise<JWTPayload>;
};

export function createOidcClient(config: OidcProviderConfig): OidcClient {
  let discovery: Promise<{ meta: Discovery; jwks: ReturnType<typeof createRemoteJWKSet> }> | null = null;

  function discover() {
    discovery ??= (async () => {
      const meta = (await fetchJson(`${config.issuer}/.well-known/openid-configuration`)) as Discovery;
      return { meta, jwks: createRemoteJWKSet(new URL(meta.jwks_uri)) };
    })().catch((error: unknown) => {
      discovery = null; // retry on the next sign-in instead of caching the failure
      throw error;
    });
    return discovery;
  }

  return {
    async authorizationUrl({ state, nonce, codeChallenge, redirectUri }) {
      const { meta } = await discover();
      return authorizationUrl({
        authorizeUrl: meta.authorization_endpoint,
        clientId: config.clientId,
        redirectUri,
        scope: 'openid email profile',
        state,
        codeChallenge,
        extra: { nonce, prompt: 'select_account' },
      });
    },

    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const { meta } = await discover();
      const body = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: config.clientId,
        client_secret: config.clientSecret,
        code_verifier: codeVerifier,
      });
      const answer = (await fetchJson(meta.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      })) as { id_token?: string };
      if (!answer.id_token)
        throw new AppError(400, 'invalid_provider_token', { message: 'no id_token in answer' });
      return answer.id_token;
    },

    async verifyIdToken(idToken, expectedNonce) {
      const { meta, jwks } = await discover();
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, jwks, { audience: config.clientId, algorithms: ['RS256'] }));
      } catch (error) {
        throw new AppError(400, 'invalid_provider_token', { message: (error as Error).message });
      }
      // Microsoft's multi-tenant issuer is a template: https://login.microsoftonline.com/{tenantid}/v2.0
      const tid = typeof payload.tid === 'string' ? payload.tid : '';
      const expectedIssuer = meta.issuer.replace('{tenantid}', tid);
      const issuerOk =
        payload.iss === expectedIssuer ||
        (expectedIssuer === 'https://accounts.google.com' && payload.iss === 'accounts.google.com');
      if (!issuerOk) throw new AppError(400, 'invalid_provider_token', { message: 'unexpected issuer' });
      if (expectedNonce !== null && payload.nonce !== expectedNonce) {
        throw new AppError(400, 'invalid_provider_token', { message: 'nonce mismatch' });
      }
      return payload;
    },
  };
}

async function fetchJson(url: string, init?: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new AppError(502, 'provider_unavailable', {
      message: `${new URL(url).host}: ${(error as Error).message}`,
    });
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const description = (body as { error_description?: string; error?: string } | null) ?? {};
    throw new AppError(400, 'invalid_provider_token', {
      message: description.error_description ?? description.error ?? `HTTP ${response.status}`,
    });
  }
  return body;
}
