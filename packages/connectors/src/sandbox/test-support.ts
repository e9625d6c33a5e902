// Test helpers for the sandbox identity providers: a server on a free port and a scripted browser
// for the consent page. Used by the *.test.ts files beside it; not exported from the package.
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import Fastify from 'fastify';
import { sandboxIdentityPlugin } from './plugin';
import type { SandboxClient, SandboxIdentityOptions, SandboxProvider } from './types';

export const CLIENT: SandboxClient = {
  clientId: 'maya-test',
  clientSecret: 'maya-test-secret',
  redirectUris: ['http://app.test/auth/callback'],
  name: 'Maya (test)',
};
export const OTHER_CLIENT: SandboxClient = {
  clientId: 'other-app',
  clientSecret: 'other-secret',
  redirectUris: ['http://other.test/callback'],
};

export type Discovery = Record<string, unknown> & {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint: string;
};

export type RunningSandbox = { base: string; close: () => Promise<void> };

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address == null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Fastify with the plugin mounted at /sandbox/<provider>, listening on a free port. */
export async function startSandbox(
  provider: SandboxProvider,
  options: Partial<Omit<SandboxIdentityOptions, 'provider' | 'publicBaseUrl'>> = {},
): Promise<RunningSandbox> {
  const port = await freePort();
  const prefix = `/sandbox/${provider}`;
  const base = `http://127.0.0.1:${port}${prefix}`;
  const app = Fastify();
  await app.register(sandboxIdentityPlugin, {
    prefix,
    provider,
    publicBaseUrl: base,
    clients: [CLIENT, OTHER_CLIENT],
    ...options,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { base, close: () => app.close() };
}

export async function getJson<T = Record<string, unknown>>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** A token endpoint (or error) answer; which fields are there depends on it, tests assert first. */
export type JsonAnswer = {
  access_token: string;
  id_token: string;
  refresh_token: string;
  scope: string;
  error: string;
  [name: string]: unknown;
};

export async function readJson(response: Response): Promise<JsonAnswer> {
  return (await response.json()) as JsonAnswer;
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function withParams(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [name, value] of Object.entries(params)) u.searchParams.set(name, value);
  return u.href;
}

export function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

export function basicAuth(client: SandboxClient): Record<string, string> {
  const encode = (s: string) => encodeURIComponent(s);
  const credentials = `${encode(client.clientId)}:${encode(client.clientSecret)}`;
  return { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` };
}

export type ConsentPage = { status: number; html: string; requestId: string; action: string };

/** GET the authorize URL like a browser and read the consent form. */
export async function openConsent(url: string): Promise<ConsentPage> {
  const response = await fetch(url, { redirect: 'manual' });
  const html = await response.text();
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const action = (/<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '').replace(/&#38;/g, '&');
  return { status: response.status, html, requestId, action };
}

/** Opens the consent page, submits it with `fields` and returns the redirect's Location as a URL. */
export async function consentAndFollow(url: string, fields: Record<string, string>): Promise<URL> {
  const page = await openConsent(url);
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}: ${page.html}`);
  const response = await postForm(page.action, { request_id: page.requestId, ...fields });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`consent answered ${response.status}`);
  return new URL(location);
}
