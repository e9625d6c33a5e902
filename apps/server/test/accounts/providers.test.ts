import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  providerConsent,
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

const company = { company_name: 'Engines Ltd', company_position: 'CMO' };

describe('Google sign-in through the sandbox provider', () => {
  it('an unknown user gets no_such_user with the token, signs up with it, then signs in', async () => {
    const { code, state, cookie } = await providerConsent(t, 'google', {
      email: 'fresh@gmail.com',
      name: 'Fresh Person',
    });
    const first = await call(t.base, 'POST', '/auth/login', { body: { google_code: code, state }, cookie });
    expect(first.status).toBe(400);
    expect(first.body.detail).toMatchObject({
      type: 'no_such_user',
      email: 'fresh@gmail.com',
      access_token: expect.any(String),
    });

    const signUp = await call(t.base, 'POST', '/user', {
      body: { google_id_token: first.body.detail.access_token, ...company },
    });
    expect(signUp.status).toBe(201);
    expect(signUp.body).toMatchObject({
      email: 'fresh@gmail.com',
      is_email_verified: true,
      token: { access_token: expect.any(String) },
    });

    const again = await providerConsent(t, 'google', { email: 'fresh@gmail.com' });
    const login = await call(t.base, 'POST', '/auth/login', {
      body: { google_code: again.code, state: again.state },
      cookie: again.cookie,
    });
    expect(login.status).toBe(200);
    expect(login.body.user_id).toBe(signUp.body.id);
  });

  it('a state is good for one return only (invalid_state)', async () => {
    const { code, state, cookie } = await providerConsent(t, 'google', { email: 'once@gmail.com' });
    await call(t.base, 'POST', '/auth/login', { body: { google_code: code, state }, cookie });
    const replay = await call(t.base, 'POST', '/auth/login', { body: { google_code: code, state }, cookie });
    expect(replay.body.detail.type).toBe('invalid_state');
  });

  it('a forged ID token is refused', async () => {
    const forged = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIiwiZW1haWwiOiJhQGIuY28ifQ.c2lnbmF0dXJl';
    const answer = await call(t.base, 'POST', '/auth/login', { body: { google_id_token: forged } });
    expect(answer.body.detail.type).toBe('invalid_provider_token');
  });

  it('merges Google into a verified password account only through the e-mailed link', async () => {
    const email = 'merge.me@acme.example';
    await verifiedUser(t, email);
    const { code, state, cookie } = await providerConsent(t, 'google', { email });
    const refused = await call(t.base, 'POST', '/auth/login', { body: { google_code: code, state }, cookie });
    expect(refused.body.detail).toMatchObject({
      type: 'merge_required',
      email,
      provider: 'google',
      is_password_signin: true,
      is_google_signin: false,
      is_microsoft_signin: false,
    });
    const googleToken = refused.body.detail.access_token as string;
    expect(
      (await call(t.base, 'GET', `/auth/check_merge_accounts?email=${email}&provider=google`)).body,
    ).toEqual({ is_merged: false });

    let since = t.smtp.messages.length;
    await call(t.base, 'POST', '/auth/request_merge_accounts_email', {
      body: { provider: 'google', email },
      cookie,
    });
    const first = new URL((await t.smtp.next(email, /Merge/, since)).links[0]!);
    since = t.smtp.messages.length;
    await call(t.base, 'POST', '/auth/request_merge_accounts_email', {
      body: { provider: 'google', email },
      cookie,
    });
    const second = new URL((await t.smtp.next(email, /Merge/, since)).links[0]!);
    expect(first.pathname).toBe('/merge-account');
    expect(first.searchParams.get('provider')).toBe('google');

    const bogus = await call(t.base, 'POST', '/auth/merge_accounts', {
      body: { request_id: 'bogus', email },
    });
    expect(bogus.body.detail.type).toBe('merge_request_does_not_exist');
    const merged = await call(t.base, 'POST', '/auth/merge_accounts', {
      body: { request_id: first.searchParams.get('request_id'), email, confirm: true },
    });
    expect(merged.body).toEqual({ success: true, is_merged: true });
    const check = `/auth/check_merge_accounts?email=${email}&provider=google`;
    // The browser that asked for the merge is told it is done; anyone else learns nothing.
    expect((await call(t.base, 'GET', check, { cookie })).body).toEqual({ is_merged: true });
    expect((await call(t.base, 'GET', check)).body).toEqual({ is_merged: false });
    const late = await call(t.base, 'POST', '/auth/merge_accounts', {
      body: { request_id: second.searchParams.get('request_id'), email, confirm: true },
    });
    expect(late.body.detail).toEqual({ type: 'already_merged', provider: 'google' });

    const login = await call(t.base, 'POST', '/auth/login', { body: { google_id_token: googleToken } });
    expect(login.status).toBe(200);
  });

  it('an unverified password account does not capture a Google sign-in: Google wins, the password goes', async () => {
    const email = 'victim@acme.example';
    await call(t.base, 'POST', '/user', { body: signUpBody(email, 'attacker chose this') });
    const { code, state, cookie } = await providerConsent(t, 'google', { email });
    expect(
      (await call(t.base, 'POST', '/auth/login', { body: { google_code: code, state }, cookie })).status,
    ).toBe(200);
    const attacker = await call(t.base, 'POST', '/auth/login', {
      body: { email, password: 'attacker chose this' },
    });
    expect(attacker.body.detail).toMatchObject({
      type: 'no_password_set',
      provider: 'maya',
      is_google_signin: true,
    });
  });

  it('no_password_set for a Google-only account, then a password added through the merge link', async () => {
    const { code, state, cookie } = await providerConsent(t, 'google', { email: 'gonly@gmail.com' });
    const first = await call(t.base, 'POST', '/auth/login', { body: { google_code: code, state }, cookie });
    await call(t.base, 'POST', '/user', {
      body: { google_id_token: first.body.detail.access_token, ...company },
    });
    const attempt = await call(t.base, 'POST', '/auth/login', {
      body: { email: 'gonly@gmail.com', password: 'anything at all' },
    });
    expect(attempt.body.detail).toMatchObject({
      type: 'no_password_set',
      is_google_signin: true,
      is_password_signin: false,
    });

    await call(t.base, 'POST', '/auth/request_merge_accounts_email', {
      body: { provider: 'maya', email: 'gonly@gmail.com' },
    });
    const link = new URL((await t.smtp.next('gonly@gmail.com', /Merge/)).links[0]!);
    expect(link.searchParams.get('provider')).toBe('maya');
    const set = await call(t.base, 'POST', '/auth/merge_accounts', {
      body: {
        request_id: link.searchParams.get('request_id'),
        email: 'gonly@gmail.com',
        new_password: 'my own password 7',
      },
    });
    expect(set.body.is_merged).toBe(true);
    expect(
      (
        await call(t.base, 'POST', '/auth/login', {
          body: { email: 'gonly@gmail.com', password: 'my own password 7' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('Microsoft sign-in through the sandbox provider', () => {
  it('keys identities by tenant and object id: the same e-mail in two tenants is two identities', async () => {
    const email = 'shared@contoso.example';
    const one = await providerConsent(t, 'microsoft', { email });
    const first = await call(t.base, 'POST', '/auth/login', {
      body: { microsoft_code: one.code, state: one.state },
      cookie: one.cookie,
    });
    expect(first.body.detail).toMatchObject({
      type: 'no_such_user',
      microsoft_access_token: expect.any(String),
    });
    const signUp = await call(t.base, 'POST', '/user', {
      body: { microsoft_access_token: first.body.detail.microsoft_access_token, ...company },
    });
    expect(signUp.status).toBe(201);
    // Microsoft's e-mail claim proves nothing: the account verifies its address by mail first.
    expect(signUp.body).toMatchObject({ is_email_verified: false, token: null });
    const identities = await t.app.platform.database.pool.query<{ subject: string }>(
      "SELECT subject FROM user_identities WHERE provider = 'microsoft'",
    );
    expect(identities.rows[0]!.subject).toMatch(/^[0-9a-f-]{36}:[0-9a-f-]{36}$/);
  });

  it('the auth address answers with the provider authorize URL and PKCE', async () => {
    const { body } = await call(t.base, 'GET', '/auth/microsoft/auth_uri');
    const url = new URL(body.auth_uri as string);
    expect(url.pathname).toMatch(/\/sandbox\/microsoft\/.+\/oauth2\/v2.0\/authorize$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.base}/microsoft/redirect`);
  });
});
