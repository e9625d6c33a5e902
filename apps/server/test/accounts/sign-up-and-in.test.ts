import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUpBody, startAccountsApp, verifiedUser, type AccountsApp } from '../support/accounts';

let t: AccountsApp;
beforeAll(async () => {
  t = await startAccountsApp();
});
afterAll(() => t.close());

const userCount = async () =>
  Number(
    (await t.app.platform.database.pool.query<{ n: string }>('SELECT count(*) AS n FROM users')).rows[0]!.n,
  );

describe('sign-up (POST /user)', () => {
  it('creates an unverified account, mails a link, refuses sign-in until verified, then signs in', async () => {
    const email = 'new.person@acme.example';
    const created = await call(t.base, 'POST', '/user', { body: signUpBody(email) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email, is_email_verified: false, token: null });

    const early = await call(t.base, 'POST', '/auth/login', {
      body: { email, password: 'correct horse battery' },
    });
    expect(early.status).toBe(400);
    expect(early.body.detail).toEqual({ type: 'email_not_verified', email });

    const mail = await t.smtp.next(email, /Verify your e-mail/);
    const link = new URL(mail.links[0]!);
    expect(link.pathname).toBe('/verify-email');
    const verified = await call(t.base, 'POST', '/auth/verify_email', {
      body: { request_id: link.searchParams.get('request_id'), email },
      cookie: created.browser!,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.token.user_id).toBe(created.body.id);

    const login = await call(t.base, 'POST', '/auth/login', {
      body: { email: 'NEW.Person@acme.example', password: 'correct horse battery' },
    });
    expect(login.status).toBe(200);
    expect(login.cookie).toMatch(/^maya_refresh=/);
    const me = await call(t.base, 'GET', '/user', { token: login.body.access_token });
    expect(me.body).toMatchObject({
      email,
      is_email_verified: true,
      organizations_count: 0,
      profile: { first_name: 'Ada' },
    });
  });

  it('answers 409 email_in_use for a taken e-mail and creates nothing', async () => {
    await call(t.base, 'POST', '/user', { body: signUpBody('taken@acme.example') });
    const before = await userCount();
    const again = await call(t.base, 'POST', '/user', { body: signUpBody('Taken@Acme.example') });
    expect(again.status).toBe(409);
    expect(again.body.detail.type).toBe('email_in_use');
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['email', { email: 'not an email' }, 'Please enter a valid email address'],
    ['first_name', { first_name: '1x' }, 'Please enter your Firstname'],
    ['last_name', { last_name: 'L' }, 'Please enter your Last name'],
    ['company_name', { company_name: ' a ' }, 'Please enter a valid company name'],
    ['company_position', { company_position: '' }, 'Please enter a valid position'],
    ['password', { password: 'short' }, 'Use at least 8 characters'],
  ])('refuses a bad %s with the spec message and changes nothing', async (field, override, message) => {
    const before = await userCount();
    const answer = await call(t.base, 'POST', '/user', {
      body: { ...signUpBody('bad.input@acme.example'), ...override },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toEqual(
      expect.arrayContaining([expect.objectContaining({ loc: ['body', field], msg: message })]),
    );
    expect(await userCount()).toBe(before);
  });

  it('refuses a common password with weak_password', async () => {
    const answer = await call(t.base, 'POST', '/user', {
      body: signUpBody('weak@acme.example', 'Password123'),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.detail.type).toBe('weak_password');
  });

  it('guesses the company from the e-mail domain, not from free mail providers', async () => {
    const company = await call(t.base, 'POST', '/auth/check_email_domain', {
      body: { domain: 'mail.blue-ocean.co.uk' },
    });
    expect(company.body).toEqual({
      domain: 'mail.blue-ocean.co.uk',
      is_free_email_provider: false,
      company_name: 'Blue Ocean',
    });
    const free = await call(t.base, 'POST', '/auth/check_email_domain', { body: { domain: 'gmail.com' } });
    expect(free.body.company_name).toBeNull();
  });
});

describe('sign-in (POST /auth/login) with a password', () => {
  it('answers invalid_credentials for a wrong password and for an unknown e-mail alike', async () => {
    await verifiedUser(t, 'signin@acme.example');
    const wrong = await call(t.base, 'POST', '/auth/login', {
      body: { email: 'signin@acme.example', password: 'nope-nope-nope' },
    });
    const unknown = await call(t.base, 'POST', '/auth/login', {
      body: { email: 'nobody@acme.example', password: 'nope-nope-nope' },
    });
    expect([wrong.status, wrong.body.detail]).toEqual([400, { type: 'invalid_credentials' }]);
    expect([unknown.status, unknown.body.detail]).toEqual([400, { type: 'invalid_credentials' }]);
  });

  it('refuses malformed input with 422 and an empty password with the spec message', async () => {
    const empty = await call(t.base, 'POST', '/auth/login', { body: { email: 'a@b.co', password: '' } });
    expect(empty.status).toBe(422);
    expect(JSON.stringify(empty.body.detail)).toContain('Please enter a valid password');
  });

  it('slows repeated wrong passwords from one address with 429 and a clear message', async () => {
    const body = { email: 'target@acme.example', password: 'guess-guess-guess' };
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await call(t.base, 'POST', '/auth/login', { body }));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers[5]!.status).toBe(429);
    expect(answers[5]!.body.detail).toMatchObject({
      type: 'rate_limited',
      message: 'Too many attempts. Please try again in 1 minute.',
    });
  });
});

describe('sessions', () => {
  it('refresh rotates the cookie; an old token replayed after the grace window ends the whole family', async () => {
    const { cookie } = await verifiedUser(t, 'rotate@acme.example');
    const first = await call(t.base, 'POST', '/auth/refresh_token', { cookie });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ access_token: expect.any(String), user_id: expect.any(String) });
    expect(first.cookie).not.toBe(cookie);

    // Pretend the first rotation happened a minute ago: replaying the old token is theft now.
    await t.app.platform.database.pool.query(
      "UPDATE sessions SET rotated_at = now() - interval '1 minute' WHERE rotated_at IS NOT NULL",
    );
    const replay = await call(t.base, 'POST', '/auth/refresh_token', { cookie });
    expect(replay.status).toBe(401);
    const victim = await call(t.base, 'POST', '/auth/refresh_token', { cookie: first.cookie! });
    expect(victim.status).toBe(401);
  });

  it('logout revokes the refresh token; protected calls need a valid bearer token', async () => {
    const { cookie, token } = await verifiedUser(t, 'logout@acme.example');
    expect((await call(t.base, 'GET', '/user', { token })).status).toBe(200);
    expect((await call(t.base, 'POST', '/auth/logout', { cookie })).status).toBe(204);
    expect((await call(t.base, 'POST', '/auth/refresh_token', { cookie })).status).toBe(401);
    const anonymous = await call(t.base, 'GET', '/user');
    expect([anonymous.status, anonymous.body.detail.type]).toEqual([401, 'unauthorized']);
    expect((await call(t.base, 'GET', '/user', { token: `${token}x` })).status).toBe(401);
  });
});
