import { unreachable } from '@maya/contracts';
// The OAuth 2.0 authorization code flow as the product's client: the authorize URL (state, PKCE
// S256), the code exchange, and a token source that refreshes before expiry or after a 401 and
// hands the new tokens back to be stored. Google, Microsoft and Meta differ only in endpoints and
// details noted inline.
import { createHash, randomBytes } from 'node:crypto';
import type { ProviderClients, ProviderEndpoints, OAuthEndpoints } from './endpoints';
import { ProviderError } from './errors';
import { createProviderHttp } from './http';
import type { TokenSource } from './http';
import { cachedTokenSource } from './token-source';
import type { ConnectorAuth, OAuthProvider, OAuthTokens } from './types';

/**
 * Refresh this long before the provider's expiry, so a request never starts with a dying token.
 * Meta has no refresh token: its 60-day token is re-exchanged while valid, so a daily load that
 * runs within the last week renews it rather than finding it expired.
 */
const EXPIRY_MARGIN_MS: Record<OAuthProvider, number> = {
  google: 60_000,
  microsoft: 60_000,
  meta: 7 * 86_400_000,
};

export function oauthEndpoints(provider: OAuthProvider, endpoints: ProviderEndpoints): OAuthEndpoints {
  switch (provider) {
    case 'google':
      return endpoints.googleOAuth;
    case 'microsoft':
      return endpoints.microsoftOAuth;
    case 'meta':
      return endpoints.metaOAuth;
    default: {
      return unreachable(provider);
    }
  }
}

type Client = { clientId: string; clientSecret: string };

/** The product's client at the provider; null when it is not configured (production without keys). */
export function oauthClient(provider: OAuthProvider, clients: ProviderClients): Client | null {
  switch (provider) {
    case 'google':
      return clients.google;
    case 'microsoft':
      return clients.microsoft;
    case 'meta':
      return clients.meta ? { clientId: clients.meta.appId, clientSecret: clients.meta.appSecret } : null;
    default: {
      return unreachable(provider);
    }
  }
}

function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * The one builder of OAuth 2.0 / OpenID Connect authorize URLs (sign-in and data connections):
 * client_id, redirect_uri, response_type=code, scope, state, the PKCE S256 challenge when there is
 * one, then the provider's extra parameters (Google's access_type and prompt, OIDC's nonce...).
 * Parameters already in the endpoint's URL are kept.
 */
export function authorizationUrl(input: {
  authorizeUrl: string;
  clientId: string;
  redirectUri: string;
  /** The scopes as the provider reads them (space-separated; Meta: comma-separated). */
  scope: string;
  state: string;
  codeChallenge: string | null;
  extra: Record<string, string>;
}): string {
  const url = new URL(input.authorizeUrl);
  const params = url.searchParams;
  params.set('client_id', input.clientId);
  params.set('redirect_uri', input.redirectUri);
  params.set('response_type', 'code');
  params.set('scope', input.scope);
  params.set('state', input.state);
  if (input.codeChallenge) {
    params.set('code_challenge', input.codeChallenge);
    params.set('code_challenge_method', 'S256');
  }
  for (const [name, value] of Object.entries(input.extra)) params.set(name, value);
  return url.href;
}

/** A connector's OAuth settings (the `oauth2` and `gcs_bucket` kinds of its auth). */
export type OAuthConnectorAuth = Extract<ConnectorAuth, { provider: OAuthProvider }>;

/** How each provider separates scopes in its authorize URL: Meta with commas, the others with spaces. */
const SCOPE_SEPARATOR: Record<OAuthProvider, string> = { google: ' ', microsoft: ' ', meta: ',' };

/**
 * The authorize request of a data connection, for every OAuth provider: the URL to send the user
 * to, and the PKCE verifier (null when the connector uses no PKCE) to keep until the callback
 * trades the code (`exchangeCode`).
 */
export function connectionAuthorization(input: {
  auth: OAuthConnectorAuth;
  endpoints: OAuthEndpoints;
  clientId: string;
  redirectUri: string;
  state: string;
}): { url: string; codeVerifier: string | null } {
  const pkce = input.auth.pkce ? pkcePair() : null;
  const url = authorizationUrl({
    authorizeUrl: input.endpoints.authorizeUrl,
    clientId: input.clientId,
    redirectUri: input.redirectUri,
    scope: input.auth.scopes.join(SCOPE_SEPARATOR[input.auth.provider]),
    state: input.state,
    codeChallenge: pkce?.challenge ?? null,
    extra: input.auth.authorizeParams,
  });
  return { url, codeVerifier: pkce?.verifier ?? null };
}

type TokenAnswer = {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
};

function toTokens(answer: TokenAnswer, previousRefresh: string | null, now: number): OAuthTokens {
  if (typeof answer.access_token !== 'string') throw new Error('token answer without access_token');
  return {
    access_token: answer.access_token,
    // Google keeps the first refresh token; Microsoft rotates it on every refresh.
    refresh_token: answer.refresh_token ?? previousRefresh,
    expires_at: typeof answer.expires_in === 'number' ? now + answer.expires_in * 1000 : null,
    scope: answer.scope ?? null,
  };
}

type ExchangeInput = {
  provider: OAuthProvider;
  endpoints: OAuthEndpoints;
  client: Client;
  fetch?: typeof fetch;
};

const oauthErrorReader = (_status: number, body: unknown) => {
  const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const error = typeof record.error === 'string' ? record.error : null;
  const graphError =
    record.error && typeof record.error === 'object' ? (record.error as Record<string, unknown>) : null;
  const message =
    (typeof record.error_description === 'string' && record.error_description) ||
    (typeof graphError?.message === 'string' && graphError.message) ||
    error ||
    'The provider refused the authorization.';
  const revoked = error === 'invalid_grant' || graphError?.code === 190;
  return { message, kind: revoked ? ('reauthorization_required' as const) : undefined };
};

/** Trades the authorization code for tokens (Meta: a GET with the parameters in the query). */
export async function exchangeCode(
  input: ExchangeInput & { code: string; redirectUri: string; codeVerifier: string | null },
): Promise<OAuthTokens> {
  const http = createProviderHttp({
    provider: input.provider,
    readError: oauthErrorReader,
    fetch: input.fetch,
    maxAttempts: 2,
  });
  const params: Record<string, string> = {
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: input.redirectUri,
    client_id: input.client.clientId,
    client_secret: input.client.clientSecret,
    ...(input.codeVerifier ? { code_verifier: input.codeVerifier } : {}),
  };
  if (input.provider === 'meta') {
    const answer = await http.json<TokenAnswer>(input.endpoints.tokenUrl, {
      query: params,
      authenticated: false,
    });
    // Meta's code gives a one-hour token and no refresh token: trade it at once for the 60-day one.
    return refreshTokens({ ...input, tokens: toTokens(answer, null, Date.now()) });
  }
  const answer = await http.json<TokenAnswer>(input.endpoints.tokenUrl, {
    form: params,
    authenticated: false,
  });
  return toTokens(answer, null, Date.now());
}

async function refreshTokens(input: ExchangeInput & { tokens: OAuthTokens }): Promise<OAuthTokens> {
  const http = createProviderHttp({
    provider: input.provider,
    readError: oauthErrorReader,
    fetch: input.fetch,
    maxAttempts: 3,
    baseDelayMs: 200,
  });
  if (input.provider === 'meta') {
    // Meta issues no refresh tokens: a long-lived user token is re-exchanged while still valid.
    const answer = await http.json<TokenAnswer>(input.endpoints.tokenUrl, {
      query: {
        grant_type: 'fb_exchange_token',
        client_id: input.client.clientId,
        client_secret: input.client.clientSecret,
        fb_exchange_token: input.tokens.access_token,
      },
      authenticated: false,
    });
    return toTokens(answer, null, Date.now());
  }
  if (!input.tokens.refresh_token) {
    throw new ProviderError(
      'reauthorization_required',
      'The connection has no refresh token.',
      401,
      input.provider,
    );
  }
  const answer = await http.json<TokenAnswer>(input.endpoints.tokenUrl, {
    form: {
      grant_type: 'refresh_token',
      refresh_token: input.tokens.refresh_token,
      client_id: input.client.clientId,
      client_secret: input.client.clientSecret,
    },
    authenticated: false,
  });
  return toTokens(answer, input.tokens.refresh_token, Date.now());
}

/**
 * Bearer tokens of one connection: refreshed when about to expire or after a 401, one refresh at
 * a time, each new token set handed to `onTokens` so the server stores it (encrypted).
 */
export function oauthTokenSource(
  input: ExchangeInput & {
    tokens: OAuthTokens;
    onTokens: (tokens: OAuthTokens) => Promise<void>;
    now?: () => number;
  },
): TokenSource & { current(): OAuthTokens } {
  let tokens = input.tokens;
  const cached = (t: OAuthTokens) => ({ value: t.access_token, expiresAt: t.expires_at });
  const source = cachedTokenSource({
    initial: cached(tokens),
    marginMs: EXPIRY_MARGIN_MS[input.provider],
    now: input.now,
    fetchToken: async () => {
      const fresh = await refreshTokens({ ...input, tokens });
      tokens = fresh;
      await input.onTokens(fresh);
      return cached(fresh);
    },
  });
  return { ...source, current: () => tokens };
}
