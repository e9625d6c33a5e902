// No secret in a log line. The app runs with every log line captured (level trace); the walk
// below goes through the flows that hand out or take secrets: sign-up, the verification link,
// sign-in and refresh, a password reset, a Google merge through the mailed link, an embed token
// and its public routes, secrets in query strings, and a sign-up whose NUL byte once made the
// database error log the Argon2 hash. Every secret seen on the way is kept, and none may appear
// in the captured log, as it is or percent-encoded.
//
// Each flow is a small function: when a flow changes shape (merge is to need a confirmation),
// only its function changes.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, providerConsent, signUpBody, startAccountsApp, type AccountsApp } from '../support/accounts';

let t: AccountsApp;
const lines: string[] = [];
const secrets = new Set<string>();

beforeAll(async () => {
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  t = await startAccountsApp({ LOG_LEVEL: 'trace' }, { logStream: capture });
});
afterAll(() => t?.close());

function keep(...values: (string | null | undefined)[]) {
  for (const value of values) if (value) secrets.add(value);
}
/** The refresh token of a `maya_refresh=...` cookie. */
const cookieValue = (cookie: string | null) => cookie?.split('=')[1] ?? null;

/** Signs up; answers the signing-up browser's cookie (verifying there keeps the password). */
async function signUp(email: string, password: string): Promise<string> {
  keep(password);
  const answer = await call(t.base, 'POST', '/user', { body: signUpBody(email, password) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  keep(answer.browser?.split('=')[1]);
  return answer.browser!;
}

/** Follows the verification link of the newest mail in the signing-up browser: the signed-in session. */
async function verifyByMail(email: string, browser: string) {
  const link = new URL((await t.smtp.next(email, /Verify your e-mail/)).links[0]!);
  const requestId = link.searchParams.get('request_id');
  keep(requestId);
  const verified = await call(t.base, 'POST', '/auth/verify_email', {
    body: { request_id: requestId, email },
    cookie: browser,
  });
  expect(verified.status).toBe(200);
  keep(verified.body.token.access_token as string, cookieValue(verified.cookie));
  return { token: verified.body.token.access_token as string, cookie: verified.cookie! };
}

async function signIn(email: string, password: string) {
  const login = await call(t.base, 'POST', '/auth/login', { body: { email, password } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  keep(login.body.access_token as string, cookieValue(login.cookie));
  return { token: login.body.access_token as string, cookie: login.cookie! };
}

async function refresh(cookie: string) {
  const refreshed = await call(t.base, 'POST', '/auth/refresh_token', { cookie });
  expect(refreshed.status).toBe(200);
  keep(refreshed.body.access_token as string, cookieValue(refreshed.cookie));
}

async function resetPassword(email: string, newPassword: string) {
  const since = t.smtp.messages.length;
  await call(t.base, 'POST', '/auth/reset_password_request', { body: { email } });
  const id = new URL((await t.smtp.next(email, /Reset your password/, since)).links[0]!).searchParams.get(
    'id',
  );
  keep(id, newPassword);
  const reset = await call(t.base, 'POST', '/auth/reset_password', {
    body: { request_id: id, email, new_password: newPassword },
  });
  expect(reset.status).toBe(200);
}

/** A Google sign-in with the address of a password account, merged through the mailed link. */
async function mergeGoogle(email: string) {
  const { code, state, cookie } = await providerConsent(t, 'google', { email });
  keep(code, state, cookie.split('=')[1]);
  const refused = await call(t.base, 'POST', '/auth/login', { body: { google_code: code, state }, cookie });
  expect(refused.body.detail.type).toBe('merge_required');
  keep(refused.body.detail.access_token as string);
  const since = t.smtp.messages.length;
  await call(t.base, 'POST', '/auth/request_merge_accounts_email', {
    body: { provider: 'google', email },
    cookie,
  });
  const link = new URL((await t.smtp.next(email, /Merge/, since)).links[0]!);
  const requestId = link.searchParams.get('request_id');
  keep(requestId);
  const shown = await call(
    t.base,
    'GET',
    `/auth/merge_request?${new URLSearchParams({ request_id: requestId!, email }).toString()}`,
  );
  expect(shown.body.provider).toBe('google');
  const merged = await call(t.base, 'POST', '/auth/merge_accounts', {
    body: { request_id: requestId, email, confirm: true },
  });
  expect(merged.body.is_merged).toBe(true);
}

/** An embed token of -maya, opened through every public route (no data loaded: 404 is fine). */
async function embed(token: string) {
  const organization = await call(t.base, 'POST', '/organizations', { token, body: { name: 'Log Co' } });
  const made = await call(t.base, 'POST', '/reports/-maya/embed-token', {
    token,
    body: { organization_id: organization.body.id, state: null },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const embedToken = made.body.token as string;
  keep(embedToken);
  await call(t.base, 'GET', `/embed/${embedToken}`);
  await call(
    t.base,
    'GET',
    `/embed/${embedToken}/filter-values?datasetId=marketing&table=performance&column=channel`,
  );
  await call(t.base, 'POST', `/embed/${embedToken}/query`, { body: {} });
  // The SPA's page of the embed (not served here, but requested and logged all the same).
  await fetch(`${t.base}/embed/${embedToken}`);
}

/** Query parameters that carry secrets in links and callbacks, on an API route and on a page. */
async function secretsInQueries() {
  const names = [
    'id',
    'request_id',
    'code',
    'state',
    'token',
    'mcp_auth_token',
    'access_token',
    'refresh_token',
    'password',
  ];
  const query = names.map((name) => `${name}=${name}-secret-value-${name.length}`).join('&');
  keep(...names.map((name) => `${name}-secret-value-${name.length}`));
  await call(t.base, 'GET', `/services?${query}`);
  await fetch(`${t.base}/reset-password?${query}`);
  await call(t.base, 'GET', `/auth/google/auth_uri?state=client-state-secret`);
  keep('client-state-secret');
}

describe('the log', () => {
  it('holds no secret seen during sign-up, verify, sign-in, refresh, reset, merge and an embed view', async () => {
    const email = 'log.walker@acme.example';
    const browser = await signUp(email, 'first secret password 1');
    const session = await verifyByMail(email, browser);
    await refresh(session.cookie);
    await signIn(email, 'first secret password 1');
    await resetPassword(email, 'second secret password 2');
    const again = await signIn(email, 'second secret password 2');
    await refresh(again.cookie);
    await mergeGoogle(email);
    await embed(again.token);
    await secretsInQueries();
    // A NUL byte in the address: today's database error logged its bound parameters.
    keep('nul secret password 3', '$argon2id$');
    await call(t.base, 'POST', '/user', {
      body: signUpBody('nul\u0000byte@acme.example', 'nul secret password 3'),
    });

    const log = lines.join('');
    // Not a vacuous pass: requests were logged, embed paths among them.
    expect(log).toContain('incoming request');
    expect(log).toContain('"url":"/api/embed/[redacted]/query"');
    expect(log).toContain('/api/services?id=[redacted]&request_id=[redacted]');
    expect(secrets.size).toBeGreaterThan(20);
    const found = [...secrets].filter(
      (secret) => log.includes(secret) || log.includes(encodeURIComponent(secret)),
    );
    expect(found).toEqual([]);
  }, 120_000);
});
