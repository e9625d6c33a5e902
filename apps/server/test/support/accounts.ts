import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createTestDatabase, testConfig } from './database';
import { startSmtp } from './smtp';
import { buildApp, type BuildOptions } from '../../src/app';
import { noWait } from './clock';

/**
 * The app listening on a real port (the sign-in code fetches the sandbox providers over HTTP
 * from APP_URL) with mail going to a real SMTP server.
 */
export async function startAccountsApp(overrides: Record<string, string> = {}, options: BuildOptions = {}) {
  const smtp = await startSmtp();
  const port = await freePort();
  const config = await testConfig({
    DATABASE_URL: await createTestDatabase(),
    SMTP_URL: smtp.url,
    PORT: String(port),
    ...overrides,
  });
  const app = await buildApp(config, { sleep: noWait, ...options });
  app.addHook('onClose', () => rm(config.dataDir, { recursive: true, force: true }));
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    config,
    smtp,
    base: config.appUrl,
    close: async () => {
      await app.close();
      await smtp.close();
    },
  };
}
export type AccountsApp = Awaited<ReturnType<typeof startAccountsApp>>;
/** What the API helpers need of an app: its address and the SMTP server its mail goes to. */
export type Served = Pick<AccountsApp, 'base' | 'smtp'>;

/** Ports tests listen on: below Linux's ephemeral range (32768–60999), where client sockets take theirs. */
const TEST_PORTS = { from: 20_000, count: 12_000 };

/**
 * A port nothing listens on, for an app started a moment later. Not one from listen(0): that is
 * an ephemeral port, and while the app was built an outgoing connection of another test suite
 * running beside this one took it (EADDRINUSE).
 */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  for (;;) {
    const port = TEST_PORTS.from + Math.floor(Math.random() * TEST_PORTS.count);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** JSON request through the real HTTP stack; returns status, body and the refresh cookie. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; cookie?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    redirect: 'manual',
  });
  const text = await response.text();
  const setCookie = response.headers.get('set-cookie') ?? '';
  const refresh = /maya_refresh=([^;]*)/.exec(setCookie)?.[1] ?? null;
  const browser = /maya_browser=([^;]*)/.exec(setCookie)?.[1] ?? null;
  return {
    status: response.status,
    /** The `maya_browser` cookie the answer gave this client, to send back as `cookie`. */
    browser: browser ? `maya_browser=${browser}` : null,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
    body: (text ? JSON.parse(text) : null) as Record<string, any>,
    cookie: refresh ? `maya_refresh=${refresh}` : null,
  };
}

export const signUpBody = (email: string, password = 'correct horse battery') => ({
  email,
  password,
  first_name: 'Ada',
  last_name: 'Lovelace',
  company_name: 'Analytical Engines',
  company_position: 'CEO',
});

/** Signs up with e-mail, follows the verification link, and returns the signed-in session. */
export async function verifiedUser(t: Served, email: string, password = 'correct horse battery') {
  const since = t.smtp.messages.length;
  const signedUp = await call(t.base, 'POST', '/user', { body: signUpBody(email, password) });
  expect(signedUp.status).toBe(201);
  const mail = await t.smtp.next(email, /Verify your e-mail/, since);
  const link = new URL(mail.links[0]!);
  // In the browser that signed up (its maya_browser cookie): the password chosen there is kept.
  const verified = await call(t.base, 'POST', '/auth/verify_email', {
    body: { request_id: link.searchParams.get('request_id'), email },
    cookie: signedUp.browser ?? '',
  });
  expect(verified.status).toBe(200);
  return {
    token: verified.body.token.access_token as string,
    userId: verified.body.token.user_id as string,
    cookie: verified.cookie!,
  };
}

/**
 * Signs in at a sandbox provider the way a browser would: auth_uri, the consent page's form
 * (Allow, as `account`, or as a typed e-mail), then the redirect's code and state.
 */
export async function providerConsent(
  t: AccountsApp,
  provider: 'google' | 'microsoft',
  as: { account?: string; email?: string; name?: string; emailVerified?: boolean; tenant?: string },
  /** The browser that starts the sign-in: its `maya_browser` cookie (a new browser when absent). */
  cookie?: string,
): Promise<{ code: string; state: string; cookie: string }> {
  const started = await call(t.base, 'GET', `/auth/${provider}/auth_uri`, cookie ? { cookie } : {});
  const { body } = started;
  const browser = cookie ?? started.browser ?? '';
  // A Microsoft tenant of its own: the same e-mail there is another identity (tid:oid).
  const authUri = as.tenant
    ? String(body.auth_uri).replace('/common/', `/${as.tenant}/`)
    : String(body.auth_uri);
  const consent = await fetch(authUri);
  const html = await consent.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const form = new URLSearchParams({
    request_id: requestId,
    decision: 'allow',
    account: as.account ?? 'other',
    email: as.email ?? '',
    name: as.name ?? '',
    email_verified: as.emailVerified === false ? 'false' : 'true',
  });
  const answer = await fetch(new URL(action, consent.url), {
    method: 'POST',
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  const location = new URL(answer.headers.get('location') ?? '');
  expect(location.pathname).toBe(`/${provider}/redirect`);
  return {
    code: location.searchParams.get('code') ?? '',
    state: location.searchParams.get('state') ?? '',
    cookie: browser,
  };
}

/**
 * Waits until the queued auth mails (verification, reset, merge: sent by a job) are all handled,
 * so a test can say a mail was not sent without guessing how long sending takes.
 */
export async function authMailsSettled(t: AccountsApp): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const jobs = await t.app.platform.jobs.boss.findJobs('auth.mail');
    if (!jobs.some((job) => ['created', 'retry', 'active'].includes(job.state))) return;
    if (Date.now() > deadline) throw new Error('auth mails still queued after 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type TestApp = FastifyInstance;
