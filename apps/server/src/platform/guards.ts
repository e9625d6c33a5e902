import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { DeveloperErrorType } from '@maya/contracts';
import { AppError } from './errors';
import { API_PREFIX } from './http';

/**
 * Every API route declares who may call it (DESIGN.md style 4) in `config.guard`; the app
 * refuses to build with a route that does not.
 * - public: anyone.
 * - user: a valid access token (`request.auth`), verified e-mail or not.
 * - organization: a verified user who belongs to the organization the call names
 *   (`id` route param, or `organization_id` in the query or body); a non-member gets 404.
 * - dataset: as organization, and also a verified person, no member, whom the organization's
 *   dataset is shared with (Settings → Developers): `request.organization` stays null for them
 *   (`datasetReaderOf`). Anyone else gets the same 404 as a non-member.
 */
export type Guard = 'public' | 'user' | 'organization' | 'dataset';

export type Auth = {
  userId: string;
  email: string;
  emailVerified: boolean;
  isStaff: boolean;
  /** The sign-in session the access token belongs to; null for tokens minted outside one. */
  sessionId: string | null;
  /** Set when the caller is an API key (Settings → Developers), not a signed-in person. */
  apiKey?: ApiKeyPrincipal;
};
/**
 * An API key as a caller: it acts for its creator, in its one organization, as a member at most
 * (docs/decisions.md); a read-only key only reads.
 */
export type ApiKeyPrincipal = { keyId: string; organizationId: string; readOnly: boolean };
export type OrganizationAccess = {
  organizationId: string;
  role: 'owner' | 'admin' | 'member';
  isDemo: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: Guard;
    /** A POST that only reads (a report query): open to read-only API keys. */
    reads?: boolean;
  }
  interface FastifyRequest {
    auth: Auth | null;
    organization: OrganizationAccess | null;
    /** The organization whose shared dataset a `dataset` route's caller reads. */
    datasetOrganizationId: string | null;
  }
}

/** How guards are checked; the auth and organizations modules provide these. */
export type GuardHandlers = {
  authenticate(request: FastifyRequest): Promise<Auth>;
  authorizeOrganization(
    request: FastifyRequest,
    auth: Auth,
    organizationId: string,
  ): Promise<OrganizationAccess>;
  /** Whether the organization's dataset is shared with this (verified) e-mail, now. */
  datasetSharedWith(organizationId: string, email: string): Promise<boolean>;
};

const UNGUARDED_PREFIXES = [`${API_PREFIX}/docs`];

export function requireRouteGuards(app: FastifyInstance, handlers: GuardHandlers): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('organization', null);
  app.decorateRequest('datasetOrganizationId', null);

  const user = async (request: FastifyRequest) => {
    const auth = await handlers.authenticate(request);
    // An API key opens its organization's routes only, not the person's (their organizations, sessions, ...).
    if (auth.apiKey) throw apiKeyRefused(401, 'An API key opens organization routes only.');
    request.auth = auth;
  };
  const organization = async (request: FastifyRequest) => {
    const auth = await handlers.authenticate(request);
    request.auth = auth;
    request.organization = await handlers.authorizeOrganization(request, auth, organizationIdOf(request));
    refuseReadOnlyKeyChanges(request, auth);
  };
  const dataset = async (request: FastifyRequest) => {
    const auth = await handlers.authenticate(request);
    request.auth = auth;
    const organizationId = organizationIdOf(request);
    try {
      request.organization = await handlers.authorizeOrganization(request, auth, organizationId);
    } catch (error) {
      // No member: a person (never a key, which opens its own organization only) it is shared with.
      const notMember = error instanceof AppError && error.status === 404;
      const shared =
        notMember &&
        !auth.apiKey &&
        auth.emailVerified &&
        (await handlers.datasetSharedWith(organizationId, auth.email));
      if (!shared) throw error;
    }
    request.datasetOrganizationId = organizationId;
    refuseReadOnlyKeyChanges(request, auth);
  };

  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!url.startsWith(API_PREFIX) || UNGUARDED_PREFIXES.some((prefix) => url.startsWith(prefix))) return;
    const guard = route.config?.guard;
    if (!guard) throw new Error(`route ${String(route.method)} ${url} declares no guard (config.guard)`);
    if (guard === 'public') return;
    const existing = route.preHandler ? [route.preHandler].flat() : [];
    const check: preHandlerAsyncHookHandler =
      guard === 'user' ? user : guard === 'dataset' ? dataset : organization;
    route.preHandler = [check, ...existing];
  });
}

const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const readsOnly = (request: FastifyRequest) =>
  READING_METHODS.has(request.method) || request.routeOptions.config.reads === true;

function refuseReadOnlyKeyChanges(request: FastifyRequest, auth: Auth): void {
  if (auth.apiKey?.readOnly && !readsOnly(request)) {
    throw new AppError(403, DeveloperErrorType.apiKeyReadOnly, { message: 'This API key is read-only.' });
  }
}

export const apiKeyRefused = (status: 401 | 403, message: string) =>
  new AppError(status, DeveloperErrorType.apiKeyNotAllowed, { message });

/**
 * The organization a call names: `:id` of /organizations/:id/..., else organization_id in the
 * query or body. Two places that name different organizations are refused, so a handler can
 * never read one while the guard checked the other.
 */
function organizationIdOf(request: FastifyRequest): string {
  const fromQuery = (request.query as { organization_id?: unknown } | undefined)?.organization_id;
  const fromBody = (request.body as { organization_id?: unknown } | undefined)?.organization_id;
  const isOrganizationPath = request.routeOptions.url?.startsWith(`${API_PREFIX}/organizations/:id`) ?? false;
  const fromParams = isOrganizationPath ? (request.params as { id?: unknown } | undefined)?.id : undefined;
  const named = new Set([fromParams, fromQuery, fromBody].filter((v) => v !== undefined && v !== null));
  if (named.size > 1) {
    throw new AppError(400, 'organization_mismatch', {
      message: 'The request names two different organizations.',
    });
  }
  const [id] = named;
  return typeof id === 'string' ? id : '';
}

/** The signed-in user of a route guarded by `user` or `organization`. */
export function authOf(request: FastifyRequest): Auth {
  if (!request.auth) throw new Error(`${request.routeOptions.url ?? ''}: no auth; is the route guarded?`);
  return request.auth;
}

/** The organization of a route guarded by `organization`. */
export function organizationOf(request: FastifyRequest): OrganizationAccess {
  if (!request.organization)
    throw new Error(`${request.routeOptions.url ?? ''}: no organization; is the guard 'organization'?`);
  return request.organization;
}

/**
 * The caller of a route guarded by `dataset`: the organization whose dataset they read, and their
 * access as a member, null for a person the dataset is shared with.
 */
export function datasetReaderOf(request: FastifyRequest): {
  organizationId: string;
  member: OrganizationAccess | null;
} {
  if (!request.datasetOrganizationId)
    throw new Error(`${request.routeOptions.url ?? ''}: no dataset; is the guard 'dataset'?`);
  return { organizationId: request.datasetOrganizationId, member: request.organization };
}
