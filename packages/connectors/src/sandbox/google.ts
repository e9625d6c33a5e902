// Google's OpenID Connect provider, with Google's paths under the mount: accounts.google.com,
// oauth2.googleapis.com, openidconnect.googleapis.com and www.googleapis.com all map to publicBaseUrl.
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from './flow';
import { send } from './http';
import { accessTokenHash } from './keys';
import type { Grant, ProviderProfile } from './types';

export const GOOGLE_PATHS = {
  authorize: '/o/oauth2/v2/auth',
  token: '/token',
  userinfo: '/v1/userinfo',
  revoke: '/revoke',
  jwks: '/oauth2/v3/certs',
} as const;

const has = (grant: Grant, short: string) =>
  grant.scopes.includes(short) || grant.scopes.includes(`https://www.googleapis.com/auth/userinfo.${short}`);

function personClaims(grant: Grant): Record<string, unknown> {
  const a = grant.account;
  return {
    ...(has(grant, 'email') ? { email: a.email, email_verified: a.emailVerified } : {}),
    ...(has(grant, 'profile')
      ? { name: a.name, given_name: a.givenName, ...(a.familyName ? { family_name: a.familyName } : {}) }
      : {}),
  };
}

export function googleProfile(publicBaseUrl: string): ProviderProfile {
  return {
    displayName: 'Google',
    requiresPkce: false,
    wantsRefreshToken: ({ accessType }) => accessType === 'offline',
    rotatesRefreshToken: false,
    tokenResponseExtras: {},
    idTokenClaims: (grant, { accessToken }) => ({
      iss: publicBaseUrl,
      azp: grant.clientId,
      sub: grant.account.userId,
      at_hash: accessTokenHash(accessToken),
      ...personClaims(grant),
    }),
    userinfo: (grant) => ({ sub: grant.account.userId, ...personClaims(grant) }),
  };
}

export function googleDiscovery(publicBaseUrl: string): Record<string, unknown> {
  return {
    issuer: publicBaseUrl,
    authorization_endpoint: `${publicBaseUrl}${GOOGLE_PATHS.authorize}`,
    token_endpoint: `${publicBaseUrl}${GOOGLE_PATHS.token}`,
    userinfo_endpoint: `${publicBaseUrl}${GOOGLE_PATHS.userinfo}`,
    revocation_endpoint: `${publicBaseUrl}${GOOGLE_PATHS.revoke}`,
    jwks_uri: `${publicBaseUrl}${GOOGLE_PATHS.jwks}`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'email', 'profile'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    claims_supported: [
      'aud',
      'azp',
      'at_hash',
      'email',
      'email_verified',
      'exp',
      'family_name',
      'given_name',
      'iat',
      'iss',
      'name',
      'nonce',
      'sub',
    ],
    code_challenge_methods_supported: ['plain', 'S256'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
  };
}

export function registerGoogleRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { flow } = deps;
  const discovery = googleDiscovery(deps.publicBaseUrl);
  app.get('/.well-known/openid-configuration', async () => discovery);
  app.get(GOOGLE_PATHS.jwks, async () => ({ keys: [deps.key.jwk] }));
  app.get(GOOGLE_PATHS.authorize, async (request, reply) =>
    send(reply, flow.authorize(request.query, { accounts: deps.accounts, newAccountTenantId: null })),
  );
  app.post(GOOGLE_PATHS.token, async (request, reply) =>
    send(reply, await flow.token(request.body, request.headers.authorization)),
  );
  app.get(GOOGLE_PATHS.userinfo, async (request, reply) =>
    send(reply, flow.userinfo(request.headers.authorization)),
  );
  app.post(GOOGLE_PATHS.revoke, async (request, reply) =>
    send(reply, flow.revoke(request.body, request.query)),
  );
}
