// Facebook Login (Meta), with www.facebook.com's and graph.facebook.com's OAuth paths under the
// mount: GET /dialog/oauth (the consent page) and GET /oauth/access_token (the code exchange and
// the fb_exchange_token grant), each also under a version prefix (/v27.0/dialog/oauth, the connectors' META_GRAPH_VERSION). Meta
// separates scopes with commas, issues no refresh tokens and answers errors as Graph API errors.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from './flow';
import { OAuthError, asParams, authenticateClient, one, send } from './http';
import type { Outcome, Params } from './http';
import { randomToken } from './store';
import type { SandboxStore } from './store';
import type { Grant, ProviderProfile, SandboxAccount, SandboxClient } from './types';

export const META_PATHS = { authorize: '/dialog/oauth', token: '/oauth/access_token' } as const;

/** A Meta test user who signs in but manages no ad account (the connector's empty state). */
export const META_SANDBOX_NO_AD_ACCOUNTS_EMAIL = 'edith@example.com';

/** Long-lived user tokens (fb_exchange_token) last about 60 days. */
export const META_LONG_LIVED_TOKEN_TTL_S = 60 * 24 * 3600;

/** What a provider's routes may need beyond the shared flow (Meta: the token store and the apps). */
export type RouteExtras = { store: SandboxStore; clients: readonly SandboxClient[] };

type VersionParams = { Params: { version: string } };

export function metaProfile(publicBaseUrl: string): ProviderProfile {
  const person = (grant: Grant) => ({
    name: grant.account.name,
    ...(grant.scopes.includes('email') ? { email: grant.account.email } : {}),
  });
  return {
    displayName: 'Facebook',
    requiresPkce: false,
    wantsRefreshToken: () => false,
    rotatesRefreshToken: false,
    tokenResponseExtras: {},
    // Only with the `openid` scope (Facebook Login's OIDC mode); ads apps never ask for it.
    idTokenClaims: (grant) => ({ iss: publicBaseUrl, sub: grant.account.userId, ...person(grant) }),
    userinfo: (grant) => ({ id: grant.account.userId, ...person(grant) }),
  };
}

/** The consent page's note under an account. */
export function metaAccountNote(account: SandboxAccount): string | null {
  return account.email === META_SANDBOX_NO_AD_ACCOUNTS_EMAIL ? 'No ad accounts' : null;
}

/** A Graph API error body (`{"error":{message,type,code,error_subcode,fbtrace_id}}`). */
export function graphError(
  status: number,
  message: string,
  code: number,
  subcode: number | null = null,
  type = 'OAuthException',
): Outcome {
  return {
    kind: 'json',
    status,
    body: {
      error: {
        message,
        type,
        code,
        ...(subcode === null ? {} : { error_subcode: subcode }),
        fbtrace_id: randomBytes(9).toString('base64url'),
      },
    },
    headers: { 'cache-control': 'no-store', 'www-authenticate': `OAuth "Facebook Platform" "${type}"` },
  };
}

/** An OAuth error from the shared flow, as Meta words it. */
function asGraphError(e: OAuthError): Outcome {
  switch (e.error) {
    case 'invalid_client':
      return graphError(400, 'Error validating client secret.', 1);
    case 'invalid_grant':
      return graphError(400, `Error validating verification code. ${e.description}`, 100, 36008);
    case 'server_error':
      return graphError(500, 'An unexpected error has occurred. Please retry your request later.', 2);
    default:
      return graphError(e.status, e.description, 100);
  }
}

/** Meta's authorize query: comma-separated scopes and an optional response_type. */
function authorizeQuery(query: unknown): Params {
  const params = { ...asParams(query) };
  if (typeof params.scope === 'string') params.scope = params.scope.split(/[,\s]+/).join(' ');
  if (params.response_type === undefined) params.response_type = 'code';
  return params;
}

/** Meta answers access_denied with its own extra parameters. */
export function metaConsentOutcome(outcome: Outcome): Outcome {
  if (outcome.kind !== 'redirect') return outcome;
  const url = new URL(outcome.location);
  if (url.searchParams.get('error') !== 'access_denied') return outcome;
  url.searchParams.set('error_reason', 'user_denied');
  url.searchParams.set('error_code', '200');
  url.searchParams.set('error_description', 'Permissions error');
  return { kind: 'redirect', location: url.href };
}

export function registerMetaRoutes(app: FastifyInstance, deps: RouteDeps, extras: RouteExtras): void {
  const { flow, accounts } = deps;
  const { store, clients } = extras;

  const authorize = (query: unknown) =>
    flow.authorize(authorizeQuery(query), { accounts, newAccountTenantId: null });

  /** The code exchange: Meta's GET with query parameters, answered without scope or refresh token. */
  async function exchangeCode(params: Params): Promise<Outcome> {
    const outcome = await flow.token({ grant_type: 'authorization_code', ...params }, undefined);
    if (outcome.kind !== 'json') return outcome;
    const body = outcome.body as Record<string, unknown>;
    if (outcome.status !== 200) {
      const error = typeof body.error === 'string' ? body.error : 'invalid_request';
      const description = typeof body.error_description === 'string' ? body.error_description : error;
      return asGraphError(new OAuthError(error, description, outcome.status));
    }
    return tokenAnswer(String(body.access_token), Number(body.expires_in));
  }

  /** grant_type=fb_exchange_token: a still-valid user token for a long-lived one. */
  function exchangeToken(params: Params): Outcome {
    const fault = store.takeTokenFault();
    if (fault === 'server_error') return asGraphError(new OAuthError('server_error', 'Sandbox fault.', 500));
    if (fault === 'invalid_grant') {
      return graphError(400, 'Error validating access token: Sandbox fault injected.', 190, 460);
    }
    const client = authenticateClient(clients, undefined, params);
    const presented = one(params, 'fb_exchange_token');
    if (!presented) return graphError(400, 'Missing fb_exchange_token parameter.', 100);
    const record = store.accessTokens.get(presented);
    if (!record || record.grant.clientId !== client.clientId) {
      return graphError(400, 'Invalid OAuth access token - Cannot parse access token', 190);
    }
    if (record.expiresAt <= store.now()) {
      const when = new Date(record.expiresAt).toUTCString();
      return graphError(400, `Error validating access token: Session has expired on ${when}.`, 190, 463);
    }
    const accessToken = randomToken('EAA');
    store.accessTokens.set(accessToken, {
      grant: record.grant,
      expiresAt: store.now() + META_LONG_LIVED_TOKEN_TTL_S * 1000,
    });
    return tokenAnswer(accessToken, META_LONG_LIVED_TOKEN_TTL_S);
  }

  async function token(query: unknown): Promise<Outcome> {
    const params = asParams(query);
    try {
      return one(params, 'grant_type') === 'fb_exchange_token'
        ? exchangeToken(params)
        : await exchangeCode(params);
    } catch (e) {
      if (e instanceof OAuthError) return asGraphError(e);
      throw e;
    }
  }

  for (const prefix of ['', '/:version']) {
    app.get<VersionParams>(`${prefix}${META_PATHS.authorize}`, async (request, reply) =>
      send(reply, authorize(request.query)),
    );
    app.get<VersionParams>(`${prefix}${META_PATHS.token}`, async (request, reply) =>
      send(reply, await token(request.query)),
    );
  }
}

function tokenAnswer(accessToken: string, expiresIn: number): Outcome {
  return {
    kind: 'json',
    status: 200,
    body: { access_token: accessToken, token_type: 'bearer', expires_in: expiresIn },
    headers: { 'cache-control': 'no-store' },
  };
}
