import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { call, startAccountsApp, verifiedUser, type AccountsApp } from '../support/accounts';

/**
 * Password guessing is slowed per (account, address) with growing delays; strangers cannot lock
 * the owner out, and a browser the owner signed in from gets through (issue 22). The app trusts
 * one proxy hop here (TRUST_PROXY=1), so each request's X-Forwarded-For is its client address.
 */
let t: AccountsApp;
beforeAll(async () => {
  t = await startAccountsApp({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

const PASSWORD = 'correct horse battery';
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const attempt = (email: string, password: string, ip: string, cookie?: string) =>
  call(t.base, 'POST', '/auth/login', {
    body: { email, password },
    headers: from(ip),
    ...(cookie ? { cookie } : {}),
  });
const guessTenTimes = async (email: string, ip: string) => {
  const statuses = [];
  for (let i = 0; i < 10; i++) statuses.push((await attempt(email, `wrong guess ${i}`, ip)).status);
  return statuses;
};

describe('sign-in throttling', () => {
  it('ten wrong passwords from a stranger elsewhere do not lock the owner out', async () => {
    const email = 'owner.elsewhere@acme.example';
    await verifiedUser(t, email);
    const statuses = await guessTenTimes(email, '203.0.113.9');
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429, 429, 429, 429]);
    expect((await attempt(email, PASSWORD, '198.51.100.7')).status).toBe(200);
  });

  it("on the owner's own network, the owner's known browser still gets in; a new one waits", async () => {
    const email = 'owner.same.network@acme.example';
    const { cookie } = await verifiedUser(t, email);
    const known = await attempt(email, PASSWORD, '192.0.2.50');
    expect(known.status).toBe(200);
    const browser = known.browser ?? '';
    void cookie;
    await guessTenTimes(email, '192.0.2.50');
    const stranger = await attempt(email, PASSWORD, '192.0.2.50');
    expect(stranger.status).toBe(429);
    expect(stranger.body.detail.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect((await attempt(email, PASSWORD, '192.0.2.50', browser)).status).toBe(200);
  });

  it('delays grow with each failure after the first five, and a success forgets them', async () => {
    const email = 'growing@acme.example';
    await verifiedUser(t, email);
    const ip = '203.0.113.77';
    for (let i = 0; i < 5; i++) await attempt(email, 'nope nope nope', ip);
    const retryAfter = async () =>
      (await attempt(email, 'nope nope nope', ip)).body.detail.retry_after as number;
    const first = await retryAfter();
    expect(first).toBeGreaterThan(50);
    expect(first).toBeLessThanOrEqual(60);
    // The block runs out (moved into the past rather than waited for); the next failure doubles it.
    const passed = () =>
      t.app.platform.database.pool.query(
        "UPDATE rate_limits SET blocked_until = now() - interval '1 second' WHERE key LIKE $1",
        [`login:fail:${email}:%`],
      );
    await passed();
    expect((await attempt(email, 'nope nope nope', ip)).status).toBe(400);
    const second = await retryAfter();
    expect(second).toBeGreaterThan(110);
    expect(second).toBeLessThanOrEqual(120);
    await passed();
    expect((await attempt(email, PASSWORD, ip)).status).toBe(200);
    expect((await attempt(email, 'nope nope nope', ip)).status).toBe(400);
  });

  it('a second API process on the same database sees the same counters', async () => {
    const email = 'two.processes@acme.example';
    await verifiedUser(t, email);
    await guessTenTimes(email, '203.0.113.200');
    const other = await buildApp(t.config);
    try {
      const answer = await other.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: from('203.0.113.200'),
        payload: { email, password: PASSWORD },
      });
      expect(answer.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('off by default: a client cannot pick its own address with X-Forwarded-For', async () => {
    const direct = await startAccountsApp();
    try {
      const email = 'spoofer@acme.example';
      for (let i = 0; i < 5; i++) {
        await call(direct.base, 'POST', '/auth/login', {
          body: { email, password: 'wrong wrong' },
          headers: from(`198.51.100.${i}`),
        });
      }
      const sixth = await call(direct.base, 'POST', '/auth/login', {
        body: { email, password: 'wrong wrong' },
        headers: from('198.51.100.99'),
      });
      expect(sixth.status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});
