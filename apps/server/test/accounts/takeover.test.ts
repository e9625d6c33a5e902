import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  providerConsent,
  signUpBody,
  startAccountsApp,
  verifiedUser,
  type AccountsApp,
} from '../support/accounts';

/**
 * The account-takeover paths of issue 22, each tried as the attacker would (docs/security.md).
 * Every test here failed on the code before the fix.
 */
let t: AccountsApp;
beforeAll(async () => {
  t = await startAccountsApp();
});
afterAll(() => t.close());

const company = { company_name: 'Evil Corp', company_position: 'CEO' };
const login = (body: Record<string, unknown>, cookie?: string) =>
  call(t.base, 'POST', '/auth/login', { body, ...(cookie ? { cookie } : {}) });
const identitiesOf = async (email: string) =>
  (
    await t.app.platform.database.pool.query<{ provider: string }>(
      'SELECT i.provider FROM user_identities i JOIN users u ON u.id = i.user_id WHERE u.email = $1',
      [email],
    )
  ).rows.map((row) => row.provider);

describe('1. an identity whose e-mail the provider does not vouch for', () => {
  it('a Google sign-in with an unverified e-mail neither signs up nor squats the address', async () => {
    const victim = 'victim1@acme.example';
    const attacker = await providerConsent(t, 'google', { email: victim, emailVerified: false });
    const signIn = await login({ google_code: attacker.code, state: attacker.state }, attacker.cookie);
    expect(signIn.status).toBe(400);
    expect(signIn.body.detail).toMatchObject({ type: 'provider_email_not_verified', email: victim });
    expect(signIn.body.detail.access_token).toBeUndefined();

    // The attacker replays an ID token of the same unverified account straight into sign-up.
    const token = await googleIdToken(victim, false);
    const signUp = await call(t.base, 'POST', '/user', { body: { google_id_token: token, ...company } });
    expect(signUp.status).toBe(400);
    expect(signUp.body.detail.type).toBe('provider_email_not_verified');

    const owner = await call(t.base, 'POST', '/user', { body: signUpBody(victim) });
    expect(owner.status).toBe(201);
    expect(await identitiesOf(victim)).toEqual([]);
  });

  it('a password reset proves the address and drops the identity someone else linked before', async () => {
    const victim = 'victim2@acme.example';
    // Microsoft's e-mail claim proves nothing, so this sign-up leaves an unverified account.
    const ms = await providerConsent(t, 'microsoft', { email: victim });
    const refused = await login({ microsoft_code: ms.code, state: ms.state }, ms.cookie);
    const attackerToken = refused.body.detail.microsoft_access_token as string;
    const squat = await call(t.base, 'POST', '/user', {
      body: { microsoft_access_token: attackerToken, ...company },
      cookie: ms.cookie,
    });
    expect(squat.status).toBe(201);

    // The owner cannot sign up (409), so resets the password from the mail.
    expect((await call(t.base, 'POST', '/user', { body: signUpBody(victim) })).status).toBe(409);
    const since = t.smtp.messages.length;
    await call(t.base, 'POST', '/auth/reset_password_request', { body: { email: victim } });
    const link = new URL((await t.smtp.next(victim, /Reset your password/, since)).links[0]!);
    const reset = await call(t.base, 'POST', '/auth/reset_password', {
      body: { request_id: link.searchParams.get('id'), email: victim, new_password: 'owner owns this 1' },
    });
    expect(reset.status).toBe(200);

    expect(await identitiesOf(victim)).toEqual([]);
    const attacker = await login({ microsoft_access_token: attackerToken });
    expect(attacker.status).toBe(400);
    expect(attacker.body.detail.type).toBe('merge_required');
    expect((await login({ email: victim, password: 'owner owns this 1' })).status).toBe(200);
  });
});

describe('2. a merge link started by the attacker', () => {
  it('links nothing without the owner confirming the account shown, and the page says whose it is', async () => {
    const victim = 'victim3@acme.example';
    await verifiedUser(t, victim);
    const ms = await providerConsent(t, 'microsoft', { email: victim, name: 'Mallory Attacker' });
    const refused = await login({ microsoft_code: ms.code, state: ms.state }, ms.cookie);
    expect(refused.body.detail.type).toBe('merge_required');
    const attackerToken = refused.body.detail.microsoft_access_token as string;

    const since = t.smtp.messages.length;
    await call(t.base, 'POST', '/auth/request_merge_accounts_email', {
      body: { provider: 'microsoft', email: victim },
      cookie: ms.cookie,
    });
    const mail = await t.smtp.next(victim, /Merge your sign-in methods/, since);
    expect(mail.text).toContain('Mallory Attacker');
    const requestId = new URL(mail.links[0]!).searchParams.get('request_id')!;

    const shown = await call(
      t.base,
      'GET',
      `/auth/merge_request?${new URLSearchParams({ request_id: requestId, email: victim }).toString()}`,
    );
    expect(shown.body).toMatchObject({
      provider: 'microsoft',
      identity: { email: victim, name: 'Mallory Attacker', email_verified: false },
    });

    const unconfirmed = await call(t.base, 'POST', '/auth/merge_accounts', {
      body: { request_id: requestId, email: victim },
    });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.detail.type).toBe('merge_not_confirmed');
    expect(await identitiesOf(victim)).toEqual([]);
    expect((await login({ microsoft_access_token: attackerToken })).body.detail.type).toBe('merge_required');

    // The owner says it is not theirs: the link is spent, nothing linked.
    const declined = await call(t.base, 'POST', '/auth/merge_accounts', {
      body: { request_id: requestId, email: victim, decline: true },
    });
    expect(declined.body).toEqual({ success: true, is_merged: false });
    const after = await call(t.base, 'POST', '/auth/merge_accounts', {
      body: { request_id: requestId, email: victim, confirm: true },
    });
    expect(after.body.detail.type).toBe('merge_request_does_not_exist');
    expect(await identitiesOf(victim)).toEqual([]);
  });

  it('links the identity the link was sent for, never one recorded after it', async () => {
    const owner = 'victim4@acme.example';
    await verifiedUser(t, owner);
    const own = await providerConsent(t, 'microsoft', { email: owner, name: 'Owner Self' });
    const ownRefusal = await login({ microsoft_code: own.code, state: own.state }, own.cookie);
    const ownToken = ownRefusal.body.detail.microsoft_access_token as string;
    const since = t.smtp.messages.length;
    await call(t.base, 'POST', '/auth/request_merge_accounts_email', {
      body: { provider: 'microsoft', email: owner },
      cookie: own.cookie,
    });
    const link = new URL((await t.smtp.next(owner, /Merge/, since)).links[0]!);

    // Meanwhile an attacker signs in with another Microsoft account claiming the same e-mail.
    const other = await providerConsent(t, 'microsoft', {
      email: owner,
      name: 'Mallory',
      tenant: 'b8e4a1d0-2c6f-4e3a-8b5d-7f9c0a1e2d3b', // the sandbox's second tenant (Fabrikam)
    });
    const otherRefusal = await login({ microsoft_code: other.code, state: other.state }, other.cookie);
    expect(otherRefusal.body.detail.type).toBe('merge_required');

    const merged = await call(t.base, 'POST', '/auth/merge_accounts', {
      body: { request_id: link.searchParams.get('request_id'), email: owner, confirm: true },
    });
    expect(merged.body).toEqual({ success: true, is_merged: true });
    expect((await login({ microsoft_access_token: ownToken })).status).toBe(200);
    const attacker = await login({ microsoft_access_token: otherRefusal.body.detail.microsoft_access_token });
    expect(attacker.status).toBe(400);
  });
});

describe('3. a password chosen before the address was proven', () => {
  it('verifying in another browser drops it and leads to choosing a new one', async () => {
    const victim = 'victim5@acme.example';
    const squat = await call(t.base, 'POST', '/user', { body: signUpBody(victim, 'attacker knows this') });
    expect(squat.status).toBe(201);
    const link = new URL((await t.smtp.next(victim, /Verify your e-mail/)).links[0]!);

    // The owner opens the mailed link in their own browser: no sign-up happened there.
    const verified = await call(t.base, 'POST', '/auth/verify_email', {
      body: { request_id: link.searchParams.get('request_id'), email: victim },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, token: null });
    expect(verified.cookie).toBeNull();
    const resetId = verified.body.set_password_request_id as string;
    expect(resetId).toEqual(expect.any(String));

    const attacker = await login({ email: victim, password: 'attacker knows this' });
    expect(attacker.body.detail.type).toBe('no_password_set');

    const chosen = await call(t.base, 'POST', '/auth/reset_password', {
      body: { request_id: resetId, email: victim, new_password: 'the owner chose this' },
    });
    expect(chosen.status).toBe(200);
    expect((await login({ email: victim, password: 'the owner chose this' })).status).toBe(200);
    expect((await login({ email: victim, password: 'attacker knows this' })).status).toBe(400);
  });
});

describe('4. login CSRF through a provider sign-in', () => {
  it("a code and state carried to another browser are refused; the starting browser's still work", async () => {
    const email = 'csrf.attacker@gmail.com';
    const attacker = await providerConsent(t, 'google', { email });
    const signUp = await login({ google_code: attacker.code, state: attacker.state }, attacker.cookie);
    await call(t.base, 'POST', '/user', {
      body: { google_id_token: signUp.body.detail.access_token, ...company },
    });

    const planted = await providerConsent(t, 'google', { email });
    const victimBrowser = (await call(t.base, 'GET', '/auth/google/auth_uri')).browser!;
    for (const cookie of [victimBrowser, undefined]) {
      const answer = await login({ google_code: planted.code, state: planted.state }, cookie);
      expect(answer.status).toBe(400);
      expect(answer.body.detail.type).toBe('invalid_state');
      expect(answer.cookie).toBeNull();
    }
    expect((await login({ google_code: planted.code, state: planted.state }, planted.cookie)).status).toBe(
      200,
    );
  });
});

/** An ID token for a sandbox Google account, as the consent's no_such_user answer hands it out. */
async function googleIdToken(email: string, verified: boolean): Promise<string> {
  // The sandbox mints it at its token endpoint; go through its consent and exchange once more.
  const consent = await providerConsent(t, 'google', { email, emailVerified: verified });
  const { rows } = await t.app.platform.database.pool.query<{ code_verifier: string }>(
    'SELECT code_verifier FROM oauth_states WHERE state = $1',
    [consent.state],
  );
  const body = new URLSearchParams({
    code_verifier: rows[0]!.code_verifier,
    grant_type: 'authorization_code',
    code: consent.code,
    client_id: t.config.google!.clientId,
    client_secret: t.config.google!.clientSecret,
    redirect_uri: `${t.base}/google/redirect`,
  });
  const discovery = (await (
    await fetch(`${t.config.google!.issuer}/.well-known/openid-configuration`)
  ).json()) as {
    token_endpoint: string;
  };
  const answer = await fetch(discovery.token_endpoint, { method: 'POST', body });
  return ((await answer.json()) as { id_token: string }).id_token;
}
