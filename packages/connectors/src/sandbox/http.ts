import { unreachable } from '@maya/contracts';
// HTTP plumbing shared by both providers: reading OAuth parameters, client authentication,
// OAuth errors and the answers the flow hands back to a route.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxClient } from './types';

/** What a flow step answers; a route only sends it. */
export type Outcome =
  | { kind: 'html'; status: number; html: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> };

export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(`${error}: ${description}`);
    this.name = 'OAuthError';
  }
}

/** An OAuth error as the JSON body both providers' token endpoints answer with. */
export function oauthErrorOutcome(e: OAuthError): Outcome {
  return {
    kind: 'json',
    status: e.status,
    body: { error: e.error, error_description: e.description },
    headers: { 'cache-control': 'no-store', ...e.headers },
  };
}

export type Params = Readonly<Record<string, unknown>>;

export function asParams(value: unknown): Params {
  return value != null && typeof value === 'object' ? (value as Params) : {};
}

/** One parameter; empty counts as absent and a repeated one is an error (RFC 6749 §3.1). */
export function one(params: Params, name: string): string | null {
  const value = params[name];
  if (Array.isArray(value)) throw new OAuthError('invalid_request', `Parameter ${name} is repeated.`);
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Parses form bodies into `{ name: value | value[] }` unless the app already parses them. */
export function useFormBodies(app: FastifyInstance): void {
  const type = 'application/x-www-form-urlencoded';
  if (app.hasContentTypeParser(type)) return;
  app.addContentTypeParser(type, { parseAs: 'string' }, (_request, body, done) => {
    const parsed: Record<string, string | string[]> = {};
    for (const [name, value] of new URLSearchParams(body as string)) {
      const previous = parsed[name];
      if (previous === undefined) parsed[name] = value;
      else parsed[name] = Array.isArray(previous) ? [...previous, value] : [previous, value];
    }
    done(null, parsed);
  });
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `client_secret_basic` (RFC 6749 §2.3.1: form-encoded id and secret) or `client_secret_post`. */
export function authenticateClient(
  clients: readonly SandboxClient[],
  authorization: string | undefined,
  params: Params,
): SandboxClient {
  let clientId = one(params, 'client_id');
  let secret = one(params, 'client_secret');
  const basic = authorization?.match(/^Basic\s+(\S+)$/i)?.[1];
  if (basic) {
    if (secret) throw new OAuthError('invalid_request', 'Use one client authentication method, not two.');
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const formDecode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    let basicId: string;
    try {
      basicId = formDecode(colon === -1 ? decoded : decoded.slice(0, colon));
      secret = colon === -1 ? '' : formDecode(decoded.slice(colon + 1));
    } catch {
      throw new OAuthError('invalid_client', 'Malformed Basic credentials.', 401, {
        'www-authenticate': 'Basic realm="sandbox"',
      });
    }
    if (clientId && clientId !== basicId) {
      throw new OAuthError('invalid_request', 'client_id differs from the Basic credentials.');
    }
    clientId = basicId;
  }
  const client = clients.find((c) => c.clientId === clientId);
  if (!client || secret == null || !sameSecret(secret, client.clientSecret)) {
    throw new OAuthError(
      'invalid_client',
      'Client authentication failed.',
      401,
      basic ? { 'www-authenticate': 'Basic realm="sandbox"' } : {},
    );
  }
  return client;
}

export function bearerToken(authorization: string | undefined): string | null {
  return authorization?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
}

export function send(reply: FastifyReply, outcome: Outcome): FastifyReply {
  switch (outcome.kind) {
    case 'html':
      return reply
        .code(outcome.status)
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .type('text/html; charset=utf-8')
        .send(outcome.html);
    case 'redirect':
      return reply.header('cache-control', 'no-store').redirect(outcome.location, 302);
    case 'json':
      return reply
        .code(outcome.status)
        .headers(outcome.headers ?? {})
        .type('application/json; charset=utf-8')
        .send(outcome.body);
    default: {
      return unreachable(outcome);
    }
  }
}

/** Appends parameters to a redirect URI, keeping any query it already has. */
export function withQuery(uri: string, params: Record<string, string | null>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) if (value != null) url.searchParams.set(name, value);
  return url.href;
}
