import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import {
  call,
  freePort,
  providerConsent,
  startAccountsApp,
  verifiedUser,
  type AccountsApp,
} from '../support/accounts';

/**
 * Attacks found in the security review of issue 22 that the fixes had left open, each tried as
 * the attacker would. Every test here failed on the code before its fix.
 */
let t: AccountsApp;
beforeAll(async () => {
  // One proxy hop is trusted, so each request's X-Forwarded-For is its client address.
  t = await startAccountsApp({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

const company = { company_name: 'Evil Corp', company_position: 'CEO' };
const PASSWORD = 'correct horse battery';
const SECOND_TENANT = 'b8e4a1d0-2c6f-4e3a-8b5d-7f9c0a1e2d3b'; // the sandbox's Fabrikam
const login = (app: AccountsApp, body: Record<string, unknown>, cookie?: string, ip?: string) =>
  call(app.base, 'POST', '/auth/login', {
    body,
    ...(cookie ? { cookie } : {}),
    ...(ip ? { headers: { 'x-forwarded-for': ip } } : {}),
  });
const identitiesOf = async (app: AccountsApp, email: string) =>
  (
    await app.app.platform.database.pool.query<{ provider: string; subject: string }>(
      'SELECT i.provider, i.subject FROM user_identities i JOIN users u ON u.id = i.user_id WHERE u.email = $1',
      [email],
    )
  ).rows;

describe('a merge of a Microsoft identity', () => {
  it("names the identity the owner's browser signed in with, not an attacker's recorded after it", async () => {
    const victim = 'review.merge@acme.example';
    await verifiedUser(t, victim);
    // The owner signs in with their own Microsoft account: merge_required, as the spec says.
    const own = await providerConsent(t, 'microsoft', { email: victim, name: 'Vera Victim' });
    const ownRefusal = await login(t, { microsoft_code: own.code, state: own.state }, own.cookie);
    expect(ownRefusal.body.detail.type).toBe('merge_required');
    const ownToken = ownRefusal.body.detail.microsoft_access_token as string;

    // The attacker's tenant claims the same e-mail and name; signing in again keeps it the latest.
    const other = await providerConsent(t, 'microsoft', {
      email: victim,
      name: 'Vera Victim',
      tenant: SECOND_TENANT,
    });
    const otherRefusal = await login(t, { microsoft_code: other.code, state: other.state }, other.cookie);
    expect(otherRefusal.body.detail.type).toBe('merge_required');
    const attackerToken = otherRefusal.body.detail.microsoft_access_token as string;

    // The owner, on the merge page in their own browser, asks for the mail and confirms what it
    // shows: their e-mail and name, "not verified by Microsoft", as their own account would be.
    const since = t.smtp.messages.length;
    await call(t.base, 'POST', '/auth/request_merge_accounts_email', {
      body: { provider: 'microsoft', email: victim },
      cookie: own.cookie,
    });
    const requestId = new URL((await t.smtp.next(victim, /Merge/, since)).links[0]!).searchParams.get(
      'request_id',
    )!;
    const merged = await call(t.base, 'POST', '/auth/merge_accounts', {
      body: { request_id: requestId, email: victim, confirm: true },
    });
    expect(merged.body).toEqual({ success: true, is_merged: true });

    const attacker = await login(t, { microsoft_access_token: attackerToken });
    expect(attacker.status).toBe(400);
    expect(attacker.body.detail.type).toBe('merge_required');
    expect((await login(t, { microsoft_access_token: ownToken })).status).toBe(200);
  });
});

describe('sign-in throttling, continued', () => {
  const wrong = (email: string, ip: string, i: number) =>
    login(t, { email, password: `wrong guess ${i}` }, undefined, ip);

  it('counts an IPv6 client by its /64: rotating addresses within it gets no fresh guesses', async () => {
    const email = 'review.ipv6@acme.example';
    await verifiedUser(t, email);
    const statuses = [];
    // One host of a /64 (what any VPS is given) takes a new address for every guess.
    for (let i = 1; i <= 10; i++)
      statuses.push((await wrong(email, `2001:db8:77:1::${i.toString(16)}`, i)).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429, 429, 429, 429]);
    // The owner elsewhere is not locked out.
    expect((await login(t, { email, password: PASSWORD }, undefined, '2001:db8:99:1::1')).status).toBe(200);
  });

  it('lets no more than five guesses through when they are sent all at once', async () => {
    const email = 'review.parallel@acme.example';
    await verifiedUser(t, email);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => wrong(email, '203.0.113.200', i)));
    const checked = answers.filter((answer) => answer.status === 400);
    expect(answers.every((answer) => answer.status === 400 || answer.status === 429)).toBe(true);
    expect(checked.length).toBeLessThanOrEqual(5);
  });
});

describe('starting a provider sign-in', () => {
  it('is rate limited per client address: each start stores a state row', async () => {
    const from = { 'x-forwarded-for': '198.51.100.123' };
    const stateRows = async () =>
      Number(
        (await t.app.platform.database.pool.query<{ n: string }>('SELECT count(*) AS n FROM oauth_states'))
          .rows[0]!.n,
      );
    const before = await stateRows();
    const statuses: number[] = [];
    // Up to 4,000 characters of marketplace token each, kept in PostgreSQL.
    const query = new URLSearchParams({ is_mona: 'true', state: 'x'.repeat(4000) }).toString();
    for (let i = 0; i < 100; i++)
      statuses.push(
        (await call(t.base, 'GET', `/auth/microsoft/auth_uri?${query}`, { headers: from })).status,
      );
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(60);
    expect((await stateRows()) - before).toBeLessThanOrEqual(60);
  });
});

/**
 * A Microsoft sign-in server of the attacker's own tenant: its ID tokens carry whatever the tenant
 * says of its users (their `email` attribute, and `xms_edov` when that address's domain is one the
 * tenant verified).
 */
async function attackerTenant() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: Server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/common/v2.0/.well-known/openid-configuration') {
      response.end(
        JSON.stringify({
          issuer: `${base}/{tenantid}/v2.0`,
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/token`,
          jwks_uri: `${base}/keys`,
        }),
      );
    } else if (request.url === '/keys') {
      response.end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const tid = '11111111-2222-4333-8444-555555555555';
  return {
    authority: `${base}/common/v2.0`,
    idToken: (claims: { oid: string; email: string; name: string; xms_edov?: boolean }) =>
      new SignJWT({ ver: '2.0', tid, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(`${base}/${tid}/v2.0`)
        .setAudience('review-microsoft-client')
        .setSubject(`pairwise-${claims.oid}`)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a Microsoft identity linked to an unverified account', () => {
  let ms: AccountsApp;
  let tenant: Awaited<ReturnType<typeof attackerTenant>>;
  beforeAll(async () => {
    tenant = await attackerTenant();
    ms = await startAccountsApp({
      MICROSOFT_CLIENT_ID: 'review-microsoft-client',
      MICROSOFT_CLIENT_SECRET: 'review-microsoft-secret',
      MICROSOFT_AUTHORITY: tenant.authority,
    });
  });
  afterAll(async () => {
    await ms.close();
    await tenant.close();
  });

  it("proves nothing about the account's address by vouching for another address", async () => {
    const victim = 'review.prehijack@acme.example';
    const oid = '0f0f0f0f-1111-4222-8333-444444444444';
    // The attacker's tenant gives its user the victim's address (not a domain it verified, so no
    // xms_edov) and signs up with it: an unverified account of the victim's address, linked to
    // the attacker's identity.
    const squatToken = await tenant.idToken({ oid, email: victim, name: 'Mallory' });
    const squat = await call(ms.base, 'POST', '/user', {
      body: { microsoft_access_token: squatToken, ...company },
    });
    expect(squat.status).toBe(201);
    expect(squat.body.is_email_verified).toBe(false);

    // The same user, its address now changed to one of the tenant's verified domain: Microsoft
    // vouches for mallory@attacker.example, which says nothing about the victim's address.
    const vouched = await tenant.idToken({
      oid,
      email: 'mallory@attacker.example',
      name: 'Mallory',
      xms_edov: true,
    });
    const signIn = await login(ms, { microsoft_access_token: vouched });
    expect(signIn.status).toBe(400);
    expect(signIn.body.access_token).toBeUndefined();
    const { rows } = await ms.app.platform.database.pool.query<{ is_email_verified: boolean }>(
      'SELECT is_email_verified FROM users WHERE email = $1',
      [victim],
    );
    expect(rows[0]?.is_email_verified).toBe(false);

    // The owner takes the address back by a reset; the attacker's identity is gone with it.
    const since = ms.smtp.messages.length;
    await call(ms.base, 'POST', '/auth/reset_password_request', { body: { email: victim } });
    const link = new URL((await ms.smtp.next(victim, /Reset your password/, since)).links[0]!);
    const reset = await call(ms.base, 'POST', '/auth/reset_password', {
      body: { request_id: link.searchParams.get('id'), email: victim, new_password: 'owner owns this 1' },
    });
    expect(reset.status).toBe(200);
    expect(await identitiesOf(ms, victim)).toEqual([]);
    expect((await login(ms, { microsoft_access_token: vouched })).status).toBe(400);
  });
});
