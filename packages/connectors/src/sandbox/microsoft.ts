// Microsoft identity platform (Entra ID) v2.0, with login.microsoftonline.com's paths under the
// mount: /{tenant}/v2.0/.well-known/openid-configuration, /{tenant}/oauth2/v2.0/authorize|token,
// /{tenant}/discovery/v2.0/keys; graph.microsoft.com/oidc/userinfo becomes /oidc/userinfo.
import type { FastifyInstance } from 'fastify';
import {
  MICROSOFT_SANDBOX_TENANT_ID,
  MICROSOFT_SECOND_TENANT_ID,
  MICROSOFT_TENANT_NAMES,
  microsoftPairwiseSubject,
} from './accounts';
import type { RouteDeps } from './flow';
import { errorPage } from './html';
import { OAuthError, oauthErrorOutcome, send } from './http';
import type { Outcome } from './http';
import type { Grant, ProviderProfile, SandboxAccount } from './types';

/** Path tenants that stand for "any organization": their discovery issuer is a `{tenantid}` template. */
const MULTI_TENANT = new Set(['common', 'organizations']);

type TenantParams = { Params: { tenant: string } };

function subject(grant: Grant): string {
  return microsoftPairwiseSubject(grant.clientId, grant.account.tenantId ?? '', grant.account.userId);
}

export function microsoftProfile(publicBaseUrl: string): ProviderProfile {
  return {
    displayName: 'Microsoft',
    requiresPkce: true,
    wantsRefreshToken: ({ scopes }) => scopes.includes('offline_access'),
    rotatesRefreshToken: true,
    tokenResponseExtras: { ext_expires_in: 3600 },
    // v2.0 ID token: `oid`, `name` and `preferred_username` need the profile scope and `email` the
    // email scope; given_name/family_name are optional claims, served by userinfo instead.
    idTokenClaims: (grant, { iat }) => {
      const a = grant.account;
      return {
        ver: '2.0',
        iss: `${publicBaseUrl}/${a.tenantId}/v2.0`,
        sub: subject(grant),
        tid: a.tenantId,
        nbf: iat,
        ...(grant.scopes.includes('profile')
          ? { oid: a.userId, name: a.name, preferred_username: a.email }
          : {}),
        ...(grant.scopes.includes('email') ? { email: a.email } : {}),
      };
    },
    userinfo: (grant) => {
      const a = grant.account;
      return {
        sub: subject(grant),
        ...(grant.scopes.includes('profile')
          ? { name: a.name, given_name: a.givenName, family_name: a.familyName }
          : {}),
        ...(grant.scopes.includes('email') ? { email: a.email } : {}),
      };
    },
  };
}

export function microsoftDiscovery(publicBaseUrl: string, tenant: string): Record<string, unknown> {
  const base = `${publicBaseUrl}/${tenant}`;
  const issuerTenant = MULTI_TENANT.has(tenant) ? '{tenantid}' : tenant;
  return {
    issuer: `${publicBaseUrl}/${issuerTenant}/v2.0`,
    authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
    token_endpoint: `${base}/oauth2/v2.0/token`,
    jwks_uri: `${base}/discovery/v2.0/keys`,
    userinfo_endpoint: `${publicBaseUrl}/oidc/userinfo`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    subject_types_supported: ['pairwise'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    claims_supported: [
      'sub',
      'iss',
      'aud',
      'exp',
      'iat',
      'nbf',
      'nonce',
      'name',
      'preferred_username',
      'email',
      'oid',
      'tid',
      'ver',
    ],
    code_challenge_methods_supported: ['plain', 'S256'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    request_uri_parameter_supported: false,
  };
}

export function registerMicrosoftRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { flow, publicBaseUrl, accounts } = deps;
  const tenants = new Set([
    MICROSOFT_SANDBOX_TENANT_ID,
    MICROSOFT_SECOND_TENANT_ID,
    ...accounts.map((a) => a.tenantId ?? ''),
  ]);
  const known = (tenant: string) => MULTI_TENANT.has(tenant) || tenants.has(tenant);
  const notFound = (tenant: string) =>
    new OAuthError('invalid_tenant', `AADSTS90002: Tenant '${tenant}' not found. (sandbox)`);
  const tenantError = (tenant: string): Outcome => oauthErrorOutcome(notFound(tenant));

  app.get('/.well-known/openid-configuration', async () =>
    microsoftDiscovery(publicBaseUrl, MICROSOFT_SANDBOX_TENANT_ID),
  );
  app.get<TenantParams>('/:tenant/v2.0/.well-known/openid-configuration', async (request, reply) => {
    const { tenant } = request.params;
    return known(tenant) ? microsoftDiscovery(publicBaseUrl, tenant) : send(reply, tenantError(tenant));
  });
  app.get<TenantParams>('/:tenant/discovery/v2.0/keys', async (request, reply) => {
    const { tenant } = request.params;
    if (!known(tenant)) return send(reply, tenantError(tenant));
    const issuer = `${publicBaseUrl}/${MULTI_TENANT.has(tenant) ? '{tenantid}' : tenant}/v2.0`;
    return { keys: [{ ...deps.key.jwk, issuer }] };
  });
  app.get<TenantParams>('/:tenant/oauth2/v2.0/authorize', async (request, reply) => {
    const { tenant } = request.params;
    if (!known(tenant)) {
      const e = notFound(tenant);
      return send(reply, { kind: 'html', status: 400, html: errorPage('Microsoft', e.error, e.description) });
    }
    const multi = MULTI_TENANT.has(tenant);
    const context = {
      accounts: multi ? accounts : accounts.filter((a) => a.tenantId === tenant),
      newAccountTenantId: multi ? MICROSOFT_SANDBOX_TENANT_ID : tenant,
    };
    return send(reply, flow.authorize(request.query, context));
  });
  app.post<TenantParams>('/:tenant/oauth2/v2.0/token', async (request, reply) => {
    const { tenant } = request.params;
    if (!known(tenant)) return send(reply, tenantError(tenant));
    return send(reply, await flow.token(request.body, request.headers.authorization));
  });
  app.get('/oidc/userinfo', async (request, reply) =>
    send(reply, flow.userinfo(request.headers.authorization)),
  );
}

/** The consent page's note under an account: the name of its tenant. */
export function microsoftAccountNote(account: SandboxAccount): string | null {
  const tenantId = account.tenantId ?? '';
  return MICROSOFT_TENANT_NAMES[tenantId] ?? `Tenant ${tenantId}`;
}
