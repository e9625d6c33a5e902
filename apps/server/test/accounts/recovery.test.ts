import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authMailsSettled,
  call,
  signUpBody,
  startAccountsApp,
  verifiedUser,
  type AccountsApp,
} from '../support/accounts';

let t: AccountsApp;
beforeAll(async () => {
  t = await startAccountsApp();
});
afterAll(() => t.close());

describe('e-mail verification', () => {
  it('answers already_verified, already_used and does_not_exist as the spec names them', async () => {
    const email = 'verify@acme.example';
    await call(t.base, 'POST', '/user', { body: signUpBody(email) });
    const first = new URL((await t.smtp.next(email, /Verify/)).links[0]!).searchParams.get('request_id');
    const since = t.smtp.messages.length;
    expect(
      (await call(t.base, 'POST', '/auth/request_verification_email', { body: { email } })).body,
    ).toEqual({ success: true });
    const second = new URL((await t.smtp.next(email, /Verify/, since)).links[0]!).searchParams.get(
      'request_id',
    );

    const bogus = await call(t.base, 'POST', '/auth/verify_email', { body: { request_id: 'bogus', email } });
    expect(bogus.body.detail.type).toBe('does_not_exist');
    expect(
      (await call(t.base, 'POST', '/auth/verify_email', { body: { request_id: second, email } })).status,
    ).toBe(200);
    const again = await call(t.base, 'POST', '/auth/verify_email', { body: { request_id: first, email } });
    expect([again.status, again.body.detail.type]).toEqual([400, 'already_verified']);
  });

  it('answers already_used for a link used twice while the account is still unverified', async () => {
    const email = 'twice@acme.example';
    await call(t.base, 'POST', '/user', { body: signUpBody(email) });
    const link = new URL((await t.smtp.next(email, /Verify/)).links[0]!);
    const requestId = link.searchParams.get('request_id');
    await call(t.base, 'POST', '/auth/verify_email', { body: { request_id: requestId, email } });
    await t.app.platform.database.pool.query('UPDATE users SET is_email_verified = false WHERE email = $1', [
      email,
    ]);
    const reused = await call(t.base, 'POST', '/auth/verify_email', {
      body: { request_id: requestId, email },
    });
    expect(reused.body.detail.type).toBe('already_used');
  });

  it('asking for a link for an unknown address succeeds and sends nothing', async () => {
    const since = t.smtp.messages.length;
    expect(
      (
        await call(t.base, 'POST', '/auth/request_verification_email', {
          body: { email: 'ghost@acme.example' },
        })
      ).body,
    ).toEqual({ success: true });
    await authMailsSettled(t);
    expect(t.smtp.messages.slice(since).filter((m) => m.to === 'ghost@acme.example')).toEqual([]);
  });
});

describe('password reset and change', () => {
  it('resets from the e-mailed link, ends every session, and the link works once', async () => {
    const email = 'reset@acme.example';
    const { cookie } = await verifiedUser(t, email);
    expect((await call(t.base, 'POST', '/auth/reset_password_request', { body: { email } })).body).toEqual({
      success: true,
    });
    const link = new URL((await t.smtp.next(email, /Reset your password/)).links[0]!);
    expect(link.pathname).toBe('/reset-password');
    const id = link.searchParams.get('id');
    const reset = await call(t.base, 'POST', '/auth/reset_password', {
      body: { request_id: id, email, new_password: 'brand new secret 42' },
    });
    expect(reset.status).toBe(200);
    expect((await call(t.base, 'POST', '/auth/refresh_token', { cookie })).status).toBe(401);
    expect(
      (await call(t.base, 'POST', '/auth/login', { body: { email, password: 'brand new secret 42' } }))
        .status,
    ).toBe(200);
    const replay = await call(t.base, 'POST', '/auth/reset_password', {
      body: { request_id: id, email, new_password: 'another secret 43' },
    });
    expect([replay.status, replay.body.detail.type]).toEqual([404, 'reset_request_does_not_exist']);
  });

  it('tells whether a link can still be used without using it: 200 before the reset, 404 after and for a made-up one', async () => {
    const email = 'check-link@acme.example';
    await verifiedUser(t, email);
    await call(t.base, 'POST', '/auth/reset_password_request', { body: { email } });
    const id = new URL((await t.smtp.next(email, /Reset your password/)).links[0]!).searchParams.get('id');
    const check = (requestId: string | null, address = email) =>
      call(
        t.base,
        'GET',
        `/auth/reset_password?${new URLSearchParams({ request_id: requestId ?? '', email: address }).toString()}`,
      );

    expect((await check(id)).body).toEqual({ success: true });
    // Asking twice leaves the link usable.
    expect((await check(id)).status).toBe(200);
    const reset = await call(t.base, 'POST', '/auth/reset_password', {
      body: { request_id: id, email, new_password: 'checked secret 44' },
    });
    expect(reset.status).toBe(200);
    const used = await check(id);
    expect([used.status, used.body.detail.type]).toEqual([404, 'reset_request_does_not_exist']);
    expect((await check('made-up')).status).toBe(404);
    expect((await check(id, 'nobody@acme.example')).status).toBe(404);
    expect((await check(id, 'not an address')).status).toBe(422);
  });

  it('answers the same for an unknown e-mail, and 404 for a made-up link', async () => {
    expect(
      (await call(t.base, 'POST', '/auth/reset_password_request', { body: { email: 'nobody@acme.example' } }))
        .body,
    ).toEqual({ success: true });
    const madeUp = await call(t.base, 'POST', '/auth/reset_password', {
      body: { request_id: 'made-up', email: 'nobody@acme.example', new_password: 'whatever secret 1' },
    });
    expect(madeUp.status).toBe(404);
  });

  it('a weak new password is refused and leaves the old one working', async () => {
    const email = 'weakreset@acme.example';
    await verifiedUser(t, email);
    await call(t.base, 'POST', '/auth/reset_password_request', { body: { email } });
    const id = new URL((await t.smtp.next(email, /Reset/)).links[0]!).searchParams.get('id');
    const weak = await call(t.base, 'POST', '/auth/reset_password', {
      body: { request_id: id, email, new_password: 'password1' },
    });
    expect(weak.body.detail.type).toBe('weak_password');
    expect(
      (await call(t.base, 'POST', '/auth/login', { body: { email, password: 'correct horse battery' } }))
        .status,
    ).toBe(200);
  });

  it('change password needs the current one (invalid_credentials) and then takes the new one', async () => {
    const email = 'change@acme.example';
    const { token } = await verifiedUser(t, email);
    const wrong = await call(t.base, 'POST', '/user/change_password', {
      token,
      body: { current_password: 'not it at all', new_password: 'a better secret 9' },
    });
    expect([wrong.status, wrong.body.detail.type]).toEqual([400, 'invalid_credentials']);
    const ok = await call(t.base, 'POST', '/user/change_password', {
      token,
      body: { current_password: 'correct horse battery', new_password: 'a better secret 9' },
    });
    expect(ok.body).toEqual({ success: true });
    expect(
      (await call(t.base, 'POST', '/auth/login', { body: { email, password: 'a better secret 9' } })).status,
    ).toBe(200);
  });
});
