import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { OAuthClientRegistration, OAuthTokenRequest } from '@maya/contracts';
import { withOrganization } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import { hashToken, newSecureToken } from '../../platform/secure-token';
import {
  assistantGrantsRepository as grants,
  assistantTokensRepository as tokens,
  oauthRepository,
  type AssistantGrantRow,
} from './repository';

/** How long each credential lives (decision 571). */
export const OAUTH_LIFETIMES = {
  requestMs: 10 * 60_000,
  codeMs: 60_000,
  accessMs: 10 * 60_000,
  refreshMs: 30 * 24 * 3_600_000,
} as const;

/** An OAuth error as RFC 6749 §5.2 spells it. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

/** What an access token grants: one dataset of one organization, for one user's assistant. */
export type McpGrant = {
  grantId: string;
  organizationId: string;
  userId: string;
  datasetId: string;
  clientId: string;
};

export type OAuthDeps = {
  platform: Pick<Platform, 'database' | 'config'>;
  /** Whether the user is still a member of the organization (removing a member ends their tokens). */
  isMember(organizationId: string, userId: string): Promise<boolean>;
  now?: () => Date;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PREFIX = { code: 'mcp_code', access: 'mcp_at', refresh: 'mcp_rt' } as const;
type Kind = keyof typeof PREFIX;

/**
 * Our tokens name their organization in the clear (`mcp_at.<organization>.<secret>`) so that the
 * lookup of their hash runs under that organization's row-level security; a changed organization
 * part changes the hash and finds nothing.
 */
function mint(kind: Kind, organizationId: string): { token: string; hash: string } {
  const token = `${PREFIX[kind]}.${organizationId}.${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token) };
}

function organizationOfToken(kind: Kind, token: string): string | null {
  const [prefix, organizationId, secret] = token.split('.');
  if (prefix !== PREFIX[kind] || !organizationId || !UUID.test(organizationId) || !secret) return null;
  return organizationId;
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** RFC 8252 §7.3: loopback http is allowed for native clients; everything else must be https. */
function acceptableRedirectUri(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash !== '' || value.includes('#')) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export function createOAuthService(deps: OAuthDeps) {
  const { db } = deps.platform.database;
  const appUrl = deps.platform.config.appUrl;
  const now = deps.now ?? (() => new Date());
  const resource = `${appUrl}/api/mcp`;
  const later = (ms: number) => new Date(now().getTime() + ms);

  /** A grant still in force: not revoked, and its user still a member. */
  async function liveGrant(organizationId: string, grantId: string): Promise<AssistantGrantRow | null> {
    const grant = await withOrganization(db, organizationId, (tx) => grants.find(tx, grantId));
    if (grant === null || grant.revokedAt !== null || grant.clientId === null) return null;
    return (await deps.isMember(organizationId, grant.userId)) ? grant : null;
  }

  async function issue(grant: AssistantGrantRow, familyId: string) {
    const access = mint('access', grant.organizationId);
    const refresh = mint('refresh', grant.organizationId);
    await withOrganization(db, grant.organizationId, async (tx) => {
      const common = { organizationId: grant.organizationId, grantId: grant.id, familyId, resource };
      await tokens.insert(tx, {
        ...common,
        kind: 'access',
        tokenHash: access.hash,
        expiresAt: later(OAUTH_LIFETIMES.accessMs),
      });
      await tokens.insert(tx, {
        ...common,
        kind: 'refresh',
        tokenHash: refresh.hash,
        expiresAt: later(OAUTH_LIFETIMES.refreshMs),
      });
    });
    return {
      access_token: access.token,
      token_type: 'Bearer' as const,
      expires_in: OAUTH_LIFETIMES.accessMs / 1000,
      refresh_token: refresh.token,
      scope: `dataset:${grant.datasetId}`,
    };
  }

  function checkResource(requested: string | undefined) {
    if (requested !== undefined && requested !== resource)
      throw new OAuthError('invalid_target', `this server issues tokens for ${resource} only`);
  }

  async function exchangeCode(request: OAuthTokenRequest) {
    const code = request.code ?? '';
    const organizationId = organizationOfToken('code', code);
    if (organizationId === null) throw new OAuthError('invalid_grant', 'unknown authorization code');
    const stored = await withOrganization(db, organizationId, (tx) =>
      tokens.find(tx, 'code', hashToken(code)),
    );
    if (stored === null) throw new OAuthError('invalid_grant', 'unknown authorization code');
    const at = now();
    if (stored.usedAt !== null || stored.revokedAt !== null) {
      // A code presented twice: what was issued for it is revoked too (RFC 6749 §4.1.2).
      await withOrganization(db, organizationId, (tx) => tokens.revokeFamily(tx, stored.familyId, at));
      throw new OAuthError('invalid_grant', 'the authorization code was already used');
    }
    if (stored.expiresAt <= at) throw new OAuthError('invalid_grant', 'the authorization code has expired');
    const grant = await liveGrant(organizationId, stored.grantId);
    if (grant === null) throw new OAuthError('invalid_grant', 'the authorization was revoked');
    if (request.client_id !== grant.clientId)
      throw new OAuthError('invalid_grant', 'the code was issued to another client');
    if (request.redirect_uri !== stored.redirectUri)
      throw new OAuthError('invalid_grant', 'redirect_uri differs from the authorization request');
    const verifier = request.code_verifier ?? '';
    if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier) || !sameText(s256(verifier), stored.codeChallenge ?? ''))
      throw new OAuthError('invalid_grant', 'the code_verifier does not match the code_challenge');
    checkResource(request.resource);
    const first = await withOrganization(db, organizationId, (tx) => tokens.markUsed(tx, stored.id, at));
    if (!first) throw new OAuthError('invalid_grant', 'the authorization code was already used');
    return issue(grant, stored.familyId);
  }

  async function rotate(request: OAuthTokenRequest) {
    const presented = request.refresh_token ?? '';
    const organizationId = organizationOfToken('refresh', presented);
    if (organizationId === null) throw new OAuthError('invalid_grant', 'unknown refresh token');
    const stored = await withOrganization(db, organizationId, (tx) =>
      tokens.find(tx, 'refresh', hashToken(presented)),
    );
    if (stored === null) throw new OAuthError('invalid_grant', 'unknown refresh token');
    const at = now();
    const reused = async () => {
      await withOrganization(db, organizationId, (tx) => tokens.revokeFamily(tx, stored.familyId, at));
      return new OAuthError('invalid_grant', 'the refresh token was already used; its tokens are revoked');
    };
    if (stored.revokedAt !== null) throw new OAuthError('invalid_grant', 'the refresh token was revoked');
    if (stored.usedAt !== null) throw await reused();
    if (stored.expiresAt <= at) throw new OAuthError('invalid_grant', 'the refresh token has expired');
    const grant = await liveGrant(organizationId, stored.grantId);
    if (grant === null) throw new OAuthError('invalid_grant', 'the authorization was revoked');
    if (request.client_id !== undefined && request.client_id !== grant.clientId)
      throw new OAuthError('invalid_grant', 'the refresh token was issued to another client');
    checkResource(request.resource);
    if (!(await withOrganization(db, organizationId, (tx) => tokens.markUsed(tx, stored.id, at))))
      throw await reused();
    return issue(grant, stored.familyId);
  }

  return {
    resource,

    /** RFC 7591: a public client with exact redirect URIs. */
    async register(request: OAuthClientRegistration) {
      const method = request.token_endpoint_auth_method ?? 'none';
      if (method !== 'none')
        throw new OAuthError(
          'invalid_client_metadata',
          'only public clients (token_endpoint_auth_method none) register here',
        );
      const bad = request.redirect_uris.find((uri) => !acceptableRedirectUri(uri));
      if (bad !== undefined)
        throw new OAuthError(
          'invalid_redirect_uri',
          `${bad}: redirect URIs are https, or http on a loopback address`,
        );
      const unsupported = (request.grant_types ?? []).find(
        (g) => g !== 'authorization_code' && g !== 'refresh_token',
      );
      if (unsupported !== undefined)
        throw new OAuthError('invalid_client_metadata', `grant type ${unsupported} is not supported`);
      const row = await oauthRepository.insertClient(db, {
        clientId: randomUUID(),
        clientName: request.client_name?.trim() || 'AI assistant',
        redirectUris: request.redirect_uris,
      });
      return {
        client_id: row.clientId,
        client_id_issued_at: Math.floor(row.createdAt.getTime() / 1000),
        client_name: row.clientName,
        redirect_uris: row.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none' as const,
      };
    },

    /**
     * Checks an authorization request and keeps it for the selection screens. A request whose
     * client or redirect URI is not exactly registered throws a 400 (never redirected); any
     * other fault is returned as the `error` to send to the redirect URI.
     */
    async authorize(query: {
      response_type?: string;
      client_id?: string;
      redirect_uri?: string;
      code_challenge?: string;
      code_challenge_method?: string;
      state?: string;
      resource?: string;
    }): Promise<{ redirect: string }> {
      const client = query.client_id ? await oauthRepository.findClient(db, query.client_id) : null;
      if (client === null) throw new OAuthError('invalid_client', 'unknown client_id');
      const redirectUri = query.redirect_uri;
      if (redirectUri === undefined || !client.redirectUris.includes(redirectUri))
        throw new OAuthError('invalid_request', 'redirect_uri is not one the client registered');
      const back = (error: string, description: string) => {
        const url = new URL(redirectUri);
        url.searchParams.set('error', error);
        url.searchParams.set('error_description', description);
        if (query.state !== undefined) url.searchParams.set('state', query.state);
        return { redirect: url.toString() };
      };
      if (query.response_type !== 'code')
        return back('unsupported_response_type', 'response_type must be code');
      if (query.code_challenge_method !== 'S256')
        return back('invalid_request', 'PKCE with code_challenge_method S256 is required');
      const codeChallenge = query.code_challenge ?? '';
      if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(codeChallenge))
        return back('invalid_request', 'code_challenge is missing or malformed');
      if (query.resource !== undefined && query.resource !== resource)
        return back('invalid_target', `this server issues tokens for ${resource} only`);
      const { token, hash } = newSecureToken();
      await oauthRepository.insertRequest(db, {
        tokenHash: hash,
        clientId: client.clientId,
        redirectUri,
        codeChallenge,
        state: query.state ?? null,
        resource,
        expiresAt: later(OAUTH_LIFETIMES.requestMs),
      });
      const select = new URL(`${appUrl}/organization-select`);
      select.searchParams.set('mcp_auth_token', token);
      select.searchParams.set('next', `${appUrl}/api/oauth/callback`);
      return { redirect: select.toString() };
    },

    /**
     * dataset-select sent the browser back: the grant recorded for this request's token becomes
     * an authorization code for the client that asked.
     */
    async callback(query: { mcp_auth_token?: string; org_id?: string }): Promise<{ redirect: string }> {
      const token = query.mcp_auth_token ?? '';
      const organizationId = query.org_id ?? '';
      const tokenHash = hashToken(token);
      const request = await oauthRepository.findOpenRequest(db, tokenHash, now());
      if (request === null || !UUID.test(organizationId))
        throw new OAuthError(
          'invalid_request',
          'this authorization link has expired or was used; start again from the assistant',
        );
      const grant = await withOrganization(db, organizationId, (tx) => grants.findByTokenHash(tx, tokenHash));
      if (grant === null || grant.revokedAt !== null)
        throw new OAuthError('access_denied', 'no dataset was authorized for this request');
      if (!(await oauthRepository.useRequest(db, tokenHash, now())))
        throw new OAuthError('invalid_request', 'this authorization link was used already');
      const client = await oauthRepository.findClient(db, request.clientId);
      const code = mint('code', organizationId);
      await withOrganization(db, organizationId, async (tx) => {
        await grants.bindClient(tx, grant.id, {
          clientId: request.clientId,
          clientName: client?.clientName ?? 'AI assistant',
        });
        await tokens.insert(tx, {
          organizationId,
          grantId: grant.id,
          kind: 'code',
          tokenHash: code.hash,
          familyId: randomUUID(),
          resource: request.resource,
          codeChallenge: request.codeChallenge,
          redirectUri: request.redirectUri,
          expiresAt: later(OAUTH_LIFETIMES.codeMs),
        });
      });
      const url = new URL(request.redirectUri);
      url.searchParams.set('code', code.token);
      if (request.state !== null) url.searchParams.set('state', request.state);
      url.searchParams.set('iss', appUrl);
      return { redirect: url.toString() };
    },

    async token(request: OAuthTokenRequest) {
      const grantType = request.grant_type ?? '';
      switch (grantType) {
        case 'authorization_code':
          return exchangeCode(request);
        case 'refresh_token':
          return rotate(request);
        default:
          throw new OAuthError(
            'unsupported_grant_type',
            'grant_type must be authorization_code or refresh_token',
          );
      }
    },

    /** The grant behind an access token for this resource, or null (unknown, expired, revoked). */
    async verify(accessToken: string): Promise<McpGrant | null> {
      const organizationId = organizationOfToken('access', accessToken);
      if (organizationId === null) return null;
      const stored = await withOrganization(db, organizationId, (tx) =>
        tokens.find(tx, 'access', hashToken(accessToken)),
      );
      if (
        stored === null ||
        stored.revokedAt !== null ||
        stored.expiresAt <= now() ||
        stored.resource !== resource
      )
        return null;
      const grant = await liveGrant(organizationId, stored.grantId);
      if (grant?.clientId == null) return null;
      const clientId = grant.clientId;
      await withOrganization(db, organizationId, (tx) => grants.touch(tx, grant.id, now()));
      return {
        grantId: grant.id,
        organizationId,
        userId: grant.userId,
        datasetId: grant.datasetId,
        clientId,
      };
    },
  };
}
export type OAuthService = ReturnType<typeof createOAuthService>;
