import { unreachable } from '@maya/contracts';
// What every sandbox data API shares: bearer tokens from the sandbox identity providers' store,
// the fault routes and hook, and provider-shaped error answers.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../http';
import type { SandboxStore } from '../store';
import type { Grant } from '../types';
import { assertSandboxAllowed } from '../production';
import { ApiFaults, FaultRequestSchema } from './faults';
import type { ApiFault } from './faults';
import { LateConversions, LateConversionsRequestSchema } from './late-conversions';

export type ApiErrorKind =
  | 'unauthenticated'
  | 'rate_limited'
  | 'server_error'
  | 'permission_denied'
  | 'not_found'
  | 'invalid_argument';

/** Renders an error as the provider does (Google's `{error:{code,message,status}}`, Meta's...). */
export type ErrorRenderer = (kind: ApiErrorKind, message: string, status: number) => unknown;

export const DEFAULT_STATUS: Record<ApiErrorKind, number> = {
  unauthenticated: 401,
  rate_limited: 429,
  server_error: 500,
  permission_denied: 403,
  not_found: 404,
  invalid_argument: 400,
};

/** Thrown by sandbox route handlers; answered in the provider's error shape. */
export class SandboxApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status = DEFAULT_STATUS[kind],
  ) {
    super(message);
    this.name = 'SandboxApiError';
  }
}

export type SandboxApiOptions = {
  /** The API's injectable faults; a fresh set by default. */
  faults?: ApiFaults;
  render: ErrorRenderer;
  /** The identity store whose access tokens this API accepts; null: the API authenticates itself. */
  store: SandboxStore | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    sandboxGrant: Grant | null;
  }
}

/** The state a sandbox API's data depend on besides their keys. */
export type SandboxApiState = { lateConversions: LateConversions };

/**
 * Installs the shared parts on a sandbox API's encapsulated Fastify instance: the production
 * guard, error rendering, `POST/DELETE /_sandbox/faults`, `POST/DELETE /_sandbox/late-conversions`
 * (which ad APIs apply to their conversions), the fault hook and (with a store) bearer
 * authentication.
 */
export function installSandboxApi(app: FastifyInstance, options: SandboxApiOptions): SandboxApiState {
  assertSandboxAllowed();
  const { render, store } = options;
  const faults = options.faults ?? new ApiFaults();
  const lateConversions = new LateConversions();
  const answer = (reply: FastifyReply, kind: ApiErrorKind, message: string, status = DEFAULT_STATUS[kind]) =>
    reply.code(status).send(render(kind, message, status));

  app.decorateRequest('sandboxGrant', null);
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof SandboxApiError) return answer(reply, error.kind, error.message, error.status);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    return answer(
      reply,
      status < 500 ? 'invalid_argument' : 'server_error',
      (error as Error).message,
      status,
    );
  });

  app.post('/_sandbox/faults', async (request, reply) => {
    const parsed = FaultRequestSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: parsed.error.issues });
    for (const { path, times, skip, ...fault } of parsed.data.faults)
      faults.add(fault, { path, times, skip });
    return { armed: faults.size };
  });
  app.delete('/_sandbox/faults', async () => {
    faults.clear();
    return { armed: 0 };
  });

  app.post('/_sandbox/late-conversions', async (request, reply) => {
    const parsed = LateConversionsRequestSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: parsed.error.issues });
    lateConversions.add(parsed.data);
    return { armed: lateConversions.size };
  });
  app.delete('/_sandbox/late-conversions', async () => {
    lateConversions.clear();
    return { armed: 0 };
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.includes('/_sandbox/')) return;
    const fault = faults.take(request.url);
    if (fault) {
      await answerFault(request, reply, fault);
      return reply;
    }
    if (store) {
      const grant = grantFor(store, request.headers.authorization);
      if (!grant) {
        await answer(reply, 'unauthenticated', 'Request had invalid authentication credentials.');
        return reply;
      }
      request.sandboxGrant = grant;
    }
  });

  async function answerFault(request: FastifyRequest, reply: FastifyReply, fault: ApiFault) {
    switch (fault.kind) {
      case 'rate_limit':
        reply.header('retry-after', String(fault.retry_after_s ?? 1));
        return answer(reply, 'rate_limited', 'Quota exceeded: too many requests. Retry later.');
      case 'server_error':
        return answer(reply, 'server_error', 'Internal error encountered.');
      case 'expired_token':
        return answer(reply, 'unauthenticated', 'Request had invalid authentication credentials.');
      case 'revoked': {
        if (store) revokeGrantOf(store, request.headers.authorization);
        return answer(reply, 'unauthenticated', 'The access grant was revoked by the user.');
      }
      case 'provider_error':
        return answer(
          reply,
          'invalid_argument',
          fault.message ?? 'The request was refused by the provider.',
          fault.status ?? 400,
        );
      case 'malformed':
        return reply.code(200).send({ malformed: true });
      default: {
        return unreachable(fault);
      }
    }
  }

  return { lateConversions };
}

function grantFor(store: SandboxStore, authorization: string | undefined): Grant | null {
  const token = bearerToken(authorization);
  const record = token ? store.accessTokens.get(token) : undefined;
  return record && record.expiresAt > store.now() ? record.grant : null;
}

/** Revokes every token of the presented token's user and client, as a user revoking access does. */
function revokeGrantOf(store: SandboxStore, authorization: string | undefined): void {
  const token = bearerToken(authorization);
  const grant = token ? store.accessTokens.get(token)?.grant : undefined;
  if (!grant) return;
  const same = (g: Grant) => g.clientId === grant.clientId && g.account.key === grant.account.key;
  for (const [key, value] of store.accessTokens) if (same(value.grant)) store.accessTokens.delete(key);
  for (const [key, value] of store.refreshTokens) if (same(value)) store.refreshTokens.delete(key);
}

/** The grant of the request (set by the bearer hook). */
export function grantOf(request: FastifyRequest): Grant {
  if (!request.sandboxGrant) throw new SandboxApiError('unauthenticated', 'Missing credentials.');
  return request.sandboxGrant;
}

/**
 * The grant of the request, which must hold one of `scopes` (any of them reads), answered as
 * Google answers a token without it (403 insufficient scopes).
 */
export function requireScope(request: FastifyRequest, ...scopes: readonly string[]): Grant {
  const grant = grantOf(request);
  if (!scopes.some((scope) => grant.scopes.includes(scope))) {
    throw new SandboxApiError('permission_denied', 'Request had insufficient authentication scopes.');
  }
  return grant;
}
