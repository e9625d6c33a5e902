import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, verifiedUser, type AccountsApp } from '../support/accounts';

let t: AccountsApp;
beforeAll(async () => {
  t = await startAccountsApp();
});
afterAll(() => t.close());

const company = { company_name: 'Contoso Analytics', company_position: 'CMO' };

/** Buys on the sandbox marketplace like a browser; returns the landing page's ?token=. */
async function buy(email: string, plan = 'standard'): Promise<string> {
  const page = await fetch(`${t.base}/sandbox/marketplace/buy`);
  const html = await page.text();
  expect(html).toContain('>Buy</button>');
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';
  const answer = await fetch(action, {
    method: 'POST',
    body: new URLSearchParams({ plan_id: plan, email }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  const landing = new URL(answer.headers.get('location') ?? '');
  expect(`${landing.origin}${landing.pathname}`).toBe(`${t.base}/microsoft/mona/start`);
  return landing.searchParams.get('token') ?? '';
}

/** The landing page's Microsoft sign-in: auth_uri with is_mona and the token, consent, the return. */
async function monaConsent(marketplaceToken: string, email: string) {
  const query = new URLSearchParams({ is_mona: '1', state: marketplaceToken });
  const started = await call(t.base, 'GET', `/auth/microsoft/auth_uri?${query.toString()}`);
  const { body } = started;
  const authUri = new URL(body.auth_uri as string);
  expect(authUri.searchParams.get('redirect_uri')).toBe(`${t.base}/microsoft/mona/redirect`);
  const consent = await fetch(authUri);
  const html = await consent.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const answer = await fetch(new URL(action, consent.url), {
    method: 'POST',
    body: new URLSearchParams({
      request_id: requestId,
      decision: 'allow',
      account: 'other',
      email,
      name: '',
    }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  const location = new URL(answer.headers.get('location') ?? '');
  expect(location.pathname).toBe('/microsoft/mona/redirect');
  return {
    body: { code: location.searchParams.get('code') ?? '', state: location.searchParams.get('state') ?? '' },
    cookie: started.browser ?? '',
  };
}

async function create(marketplaceToken: string, email: string) {
  return call(t.base, 'POST', '/subscriptions/mona/create', await monaConsent(marketplaceToken, email));
}

/** Signs up with the Microsoft token of a no_such_user answer and verifies the e-mail. */
async function microsoftSignUp(email: string, microsoftToken: string) {
  const since = t.smtp.messages.length;
  const signUp = await call(t.base, 'POST', '/user', {
    body: { microsoft_access_token: microsoftToken, ...company },
  });
  expect(signUp.status).toBe(201);
  const mail = await t.smtp.next(email, /Verify your e-mail/, since);
  const link = new URL(mail.links[0] ?? '');
  // Verified in the browser that signed up: the Microsoft identity chosen there is kept.
  const verified = await call(t.base, 'POST', '/auth/verify_email', {
    body: { request_id: link.searchParams.get('request_id'), email },
    cookie: signUp.browser ?? '',
  });
  expect(verified.status).toBe(200);
}

describe('Microsoft marketplace subscriptions through the sandbox marketplace', () => {
  const email = 'mona.buyer@contoso.example';
  let subscriptionId = '';
  let token = '';

  it('answers no_such_user for an unknown Microsoft user, then creates the subscription once signed up', async () => {
    const first = await create(await buy(email), email);
    expect(first.status).toBe(400);
    expect(first.body.detail).toMatchObject({
      type: 'no_such_user',
      email,
      provider: 'microsoft',
      microsoft_access_token: expect.any(String),
    });
    await microsoftSignUp(email, first.body.detail.microsoft_access_token as string);

    const marketplaceToken = await buy(email, 'professional');
    const created = await create(marketplaceToken, email);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      success: true,
      data: {
        sub_id: expect.any(String),
        access_token: expect.any(String),
        access_token_expires_at: expect.any(String),
        user_id: expect.any(String),
      },
    });
    expect(created.cookie).toMatch(/^maya_refresh=/);
    subscriptionId = created.body.data.sub_id as string;
    token = created.body.data.access_token as string;

    // Activated on the marketplace.
    const marketplace = await fetch(
      `${t.base}/sandbox/marketplace/api/saas/subscriptions/${subscriptionId}?api-version=2018-08-31`,
      { headers: { authorization: 'Bearer sandbox' } },
    );
    expect(await marketplace.json()).toMatchObject({
      saasSubscriptionStatus: 'Subscribed',
      planId: 'professional',
    });

    // Idempotent: the landing page signed in again with the same marketplace token.
    const again = await create(marketplaceToken, email);
    expect(again.status).toBe(200);
    expect(again.body.data.sub_id).toBe(subscriptionId);
  });

  it('lists, checks and details the user’s own subscription, unlinked', async () => {
    const check = await call(t.base, 'GET', '/user/subscriptions/check', { token });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({
      has_unlinked_subscription: true,
      subscriptions: [
        {
          id: subscriptionId,
          name: expect.any(String),
          status: 'active',
          needs_payment_method: false,
          trial_ends_at: null,
          offer_id: 'maya-analytics',
          plan_id: 'professional',
          organization_id: null,
        },
      ],
    });
    expect(
      (await call(t.base, 'GET', `/subscriptions/mona/check/${subscriptionId}`, { token })).body,
    ).toEqual({
      exists: true,
    });
    expect((await call(t.base, 'GET', '/subscriptions/mona/check/unknown-id', { token })).body).toEqual({
      exists: false,
    });
    const details = await call(t.base, 'GET', `/subscriptions/mona/details/${subscriptionId}`, { token });
    expect(details.body).toMatchObject({ id: subscriptionId, status: 'active', organization_id: null });
    const missing = await call(t.base, 'GET', '/subscriptions/mona/details/unknown-id', { token });
    expect(missing.status).toBe(404);
    expect(missing.body.detail.type).toBe('subscription_does_not_exist');
    expect((await call(t.base, 'GET', '/user/subscriptions/check')).status).toBe(401);
  });

  it('links to an organization the user administers, once; never to a demo organization', async () => {
    const organization = await call(t.base, 'POST', '/organizations', {
      token,
      body: { name: 'Contoso Shop' },
    });
    expect(organization.status).toBe(201);
    const organizationId = organization.body.id as string;

    const linked = await call(t.base, 'POST', `/subscriptions/mona/link/${subscriptionId}`, {
      token,
      body: { organization_id: organizationId },
    });
    expect(linked.status).toBe(200);
    expect(linked.body).toEqual({ success: true });

    const list = await call(t.base, 'GET', '/organizations', { token });
    const mine = (
      list.body.organizations as { id: string; has_subscription: boolean; is_demo: boolean }[]
    ).find((o) => o.id === organizationId);
    expect(mine?.has_subscription).toBe(true);
    const check = await call(t.base, 'GET', '/user/subscriptions/check', { token });
    expect(check.body.has_unlinked_subscription).toBe(false);
    expect(check.body.subscriptions[0].organization_id).toBe(organizationId);

    const twice = await call(t.base, 'POST', `/subscriptions/mona/link/${subscriptionId}`, {
      token,
      body: { organization_id: organizationId },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.detail.type).toBe('subscription_already_linked');

    // A second subscription cannot pay for the same organization.
    const second = await create(await buy(email), email);
    expect(second.status).toBe(200);
    const secondId = second.body.data.sub_id as string;
    const taken = await call(t.base, 'POST', `/subscriptions/mona/link/${secondId}`, {
      token,
      body: { organization_id: organizationId },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.detail.type).toBe('organization_has_subscription');

    const demo = (list.body.organizations as { id: string; is_demo: boolean }[]).find((o) => o.is_demo);
    const refused = await call(t.base, 'POST', `/subscriptions/mona/link/${secondId}`, {
      token,
      body: { organization_id: demo?.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail.type).toBe('demo_organization');
  });

  it('keeps a subscription to its buyer: another user gets 404', async () => {
    const other = await verifiedUser(t, 'someone.else@acme.example');
    const details = await call(t.base, 'GET', `/subscriptions/mona/details/${subscriptionId}`, {
      token: other.token,
    });
    expect(details.status).toBe(404);
    expect(details.body.detail.type).toBe('subscription_does_not_exist');
    expect(
      (await call(t.base, 'GET', `/subscriptions/mona/check/${subscriptionId}`, { token: other.token })).body,
    ).toEqual({ exists: false });
    const organization = await call(t.base, 'POST', '/organizations', {
      token: other.token,
      body: { name: 'Acme Elsewhere' },
    });
    const link = await call(t.base, 'POST', `/subscriptions/mona/link/${subscriptionId}`, {
      token: other.token,
      body: { organization_id: organization.body.id },
    });
    expect(link.status).toBe(404);
    expect(link.body.detail.type).toBe('subscription_does_not_exist');
    expect((await call(t.base, 'GET', '/user/subscriptions/check', { token: other.token })).body).toEqual({
      has_unlinked_subscription: false,
      subscriptions: [],
    });
  });

  it('answers subscription_does_not_exist for an unknown marketplace token or a sign-in without one', async () => {
    const unknown = await create('not-a-marketplace-token', email);
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail.type).toBe('subscription_does_not_exist');

    const { body } = await call(t.base, 'GET', '/auth/microsoft/auth_uri?is_mona=1');
    expect(new URL(body.auth_uri as string).searchParams.get('redirect_uri')).toBe(
      `${t.base}/microsoft/mona/redirect`,
    );
  });

  it('answers merge_required when a password account has the e-mail', async () => {
    const taken = 'mona.merge@contoso.example';
    await verifiedUser(t, taken);
    const answer = await create(await buy(taken), taken);
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatchObject({
      type: 'merge_required',
      email: taken,
      provider: 'microsoft',
      is_password_signin: true,
      is_google_signin: false,
      is_microsoft_signin: false,
      microsoft_access_token: expect.any(String),
    });
  });
});
