import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authMailsSettled,
  call,
  freePort,
  signUpBody,
  startAccountsApp,
  verifiedUser,
  type AccountsApp,
} from '../support/accounts';

/** Sessions, reset links and the answers that must not tell who has an account (issue 22). */
let t: AccountsApp;
beforeAll(async () => {
  t = await startAccountsApp();
});
afterAll(() => t.close());

const resetLink = async (email: string) => {
  const since = t.smtp.messages.length;
  await call(t.base, 'POST', '/auth/reset_password_request', { body: { email } });
  return new URL((await t.smtp.next(email, /Reset your password/, since)).links[0]!).searchParams.get('id')!;
};

describe('sessions', () => {
  it('a completed reset voids every other reset link of the account', async () => {
    const email = 'two.links@acme.example';
    await verifiedUser(t, email);
    const first = await resetLink(email);
    const second = await resetLink(email);
    const used = await call(t.base, 'POST', '/auth/reset_password', {
      body: { request_id: first, email, new_password: 'brand new secret 1' },
    });
    expect(used.status).toBe(200);
    const stale = await call(t.base, 'POST', '/auth/reset_password', {
      body: { request_id: second, email, new_password: 'someone else 22' },
    });
    expect([stale.status, stale.body.detail.type]).toEqual([404, 'reset_request_does_not_exist']);
  });

  it('a password change ends the other sessions and keeps this one', async () => {
    const email = 'changer@acme.example';
    const here = await verifiedUser(t, email);
    const elsewhere = await call(t.base, 'POST', '/auth/login', {
      body: { email, password: 'correct horse battery' },
    });
    expect(elsewhere.status).toBe(200);
    const changed = await call(t.base, 'POST', '/user/change_password', {
      token: here.token,
      body: { current_password: 'correct horse battery', new_password: 'a different phrase 9' },
    });
    expect(changed.status).toBe(200);
    expect((await call(t.base, 'POST', '/auth/refresh_token', { cookie: elsewhere.cookie! })).status).toBe(
      401,
    );
    expect((await call(t.base, 'POST', '/auth/refresh_token', { cookie: here.cookie })).status).toBe(200);
  });

  it('a session ends 30 days after its sign-in however often it was refreshed', async () => {
    const { cookie, userId } = await verifiedUser(t, 'old.session@acme.example');
    const refreshed = await call(t.base, 'POST', '/auth/refresh_token', { cookie });
    expect(refreshed.status).toBe(200);
    await t.app.platform.database.pool.query(
      "UPDATE sessions SET authenticated_at = now() - interval '30 days 1 minute' WHERE user_id = $1",
      [userId],
    );
    expect((await call(t.base, 'POST', '/auth/refresh_token', { cookie: refreshed.cookie! })).status).toBe(
      401,
    );
  });
});

describe('no answer tells whether an address has an account', () => {
  it('a bogus verification link answers the same for a verified and an unknown address', async () => {
    await verifiedUser(t, 'verified.oracle@acme.example');
    const known = await call(t.base, 'POST', '/auth/verify_email', {
      body: { request_id: 'bogus', email: 'verified.oracle@acme.example' },
    });
    const unknown = await call(t.base, 'POST', '/auth/verify_email', {
      body: { request_id: 'bogus', email: 'nobody.oracle@acme.example' },
    });
    expect(known.status).toBe(400);
    expect(known.body).toEqual({ detail: { type: 'does_not_exist' } });
    expect(unknown.body).toEqual(known.body);
  });

  it('reset, verification and merge mails are queued: the answer does not wait for the mail server', async () => {
    // A mail server that is down: sending in the request would fail or hang it.
    const down = await startAccountsApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    try {
      const signedUp = await call(down.base, 'POST', '/user', { body: signUpBody('queued@acme.example') });
      expect(signedUp.status).toBe(201);
      for (const email of ['queued@acme.example', 'nobody.queued@acme.example']) {
        for (const [path, body] of [
          ['/auth/reset_password_request', { email }],
          ['/auth/request_verification_email', { email }],
          ['/auth/request_merge_accounts_email', { email, provider: 'maya' }],
        ] as const) {
          const answer = await call(down.base, 'POST', path, { body });
          expect([path, answer.status, answer.body]).toEqual([path, 200, { success: true }]);
        }
      }
      // Seven queued: these six, and the sign-up's verification that the mail server refused.
      expect(await down.app.platform.jobs.boss.findJobs('auth.mail')).toHaveLength(7);
    } finally {
      await down.close();
    }
  });

  it('a mail for an unknown address is never sent, once the queue has run', async () => {
    const since = t.smtp.messages.length;
    await call(t.base, 'POST', '/auth/reset_password_request', {
      body: { email: 'ghost.reset@acme.example' },
    });
    await authMailsSettled(t);
    expect(t.smtp.messages.slice(since).map((m) => m.to)).not.toContain('ghost.reset@acme.example');
  });
});

describe('the merge poll', () => {
  it("tells only the browser that asked for a merge whether it is done, never a stranger an address's methods", async () => {
    const email = 'methods.oracle@acme.example';
    await verifiedUser(t, email);
    const stranger = await call(t.base, 'GET', `/auth/check_merge_accounts?email=${email}&provider=maya`);
    expect(stranger.body).toEqual({ is_merged: false });
    const asker = await call(t.base, 'POST', '/auth/request_merge_accounts_email', {
      body: { email, provider: 'maya' },
    });
    const askerCheck = await call(t.base, 'GET', `/auth/check_merge_accounts?email=${email}&provider=maya`, {
      cookie: asker.browser!,
    });
    expect(askerCheck.body).toEqual({ is_merged: true });
  });
});
