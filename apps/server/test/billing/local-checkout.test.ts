// The local provider (no Stripe key), end to end through the API: billing details with the
// spec's rules, checkout refused without them, the checkout page paying, the portal canceling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { organizationOwner } from '../support/sources';

let t: AccountsApp;
beforeAll(async () => {
  t = await startAccountsApp();
});
afterAll(() => t.close());

type Owner = Awaited<ReturnType<typeof organizationOwner>>;
const details = {
  companyName: 'Acme',
  countryCode: 'de',
  addressLine1: 'Hauptstraße 1',
  postalCode: '10115',
  city: 'Berlin',
  taxId: 'DE123456789',
};
const save = (owner: Owner, body: object) =>
  call(t.base, 'PUT', '/billing/details', {
    token: owner.token,
    body: { organization_id: owner.organizationId, ...body },
  });
const checkout = (owner: Owner, product: string, annual = true) =>
  call(
    t.base,
    'GET',
    `/billing/checkout?organization_id=${owner.organizationId}&product=${product}&annual=${annual}`,
    {
      token: owner.token,
    },
  );
const plan = async (owner: Owner) =>
  (await call(t.base, 'GET', `/entitlements?organization_id=${owner.organizationId}`, { token: owner.token }))
    .body;

/** Presses a button of the local page the URL opens: where the browser is sent. */
async function press(url: string, action: 'pay' | 'cancel' | 'back'): Promise<string> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  const form = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  expect(html).toContain(`value="${action}"`);
  const posted = await fetch(`${t.base}${form}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: token!, action }).toString(),
    redirect: 'manual',
  });
  expect(posted.status).toBe(303);
  return posted.headers.get('location')!;
}

describe('billing details', () => {
  it("checks the spec's rules: VAT length and shape, required fields, the tax office only for 'gr'", async () => {
    const owner = await organizationOwner(t, 'details@local.example');
    const refused = async (body: object) => {
      const answer = await save(owner, body);
      expect(answer.status).toBe(422);
      return (answer.body.detail as { loc: string[]; msg: string }[]).map((d) => [d.loc.at(-1), d.msg]);
    };
    expect(await refused({ ...details, taxId: 'DE1234567890123456' })).toContainEqual([
      'taxId',
      'VAT number too long',
    ]);
    expect(await refused({ ...details, taxId: '123456789' })).toContainEqual([
      'taxId',
      'Invalid VAT number: Must be two characters followed by numbers',
    ]);
    expect(await refused({ ...details, city: ' ' })).toContainEqual(['city', 'Required']);
    expect(await refused({ ...details, countryCode: 'gr' })).toContainEqual(['taxOffice', 'Required']);
    const empty = await call(t.base, 'GET', `/billing/details?organization_id=${owner.organizationId}`, {
      token: owner.token,
    });
    expect(empty.body).toEqual({ details: null });
    const saved = await save(owner, { ...details, countryCode: 'gr', taxOffice: 'Athens A' });
    expect(saved.status).toBe(200);
    expect(saved.body.details).toMatchObject({ countryCode: 'gr', taxOffice: 'Athens A', addressLine2: '' });
    const countries = await call(t.base, 'GET', '/billing/countries', { token: owner.token });
    expect(countries.body.countries).toContainEqual({ code: 'gr', name: 'Greece' });
  });
});

describe('checkout with the local provider', () => {
  it('asks for billing details first, then pays on its own page and lands on checkout success', async () => {
    const owner = await organizationOwner(t, 'buyer@local.example');
    const missing = await checkout(owner, 'starter');
    expect([missing.status, missing.body.detail.type]).toEqual([400, 'billing_details_missing']);
    expect((await save(owner, details)).status).toBe(200);
    expect((await checkout(owner, 'agency')).body.detail.type).toBe('redirect_contact');
    expect((await checkout(owner, 'nothing')).status).toBe(404);
    const started = await checkout(owner, 'starter');
    expect(started.status).toBe(200);
    expect(await press(started.body.url, 'pay')).toBe(`${t.base}/checkout-success`);
    expect(await plan(owner)).toMatchObject({
      plan_id: 'starter',
      source: 'local',
      status: 'active',
      is_trial: false,
    });
    // The same page paid again is the same event: nothing changes.
    expect(await press(started.body.url, 'pay')).toBe(`${t.base}/checkout-success`);
    const again = await checkout(owner, 'starter');
    expect([again.status, again.body.detail.type]).toEqual([409, 'already_purchased']);

    const portal = await call(t.base, 'GET', `/billing/portal?organization_id=${owner.organizationId}`, {
      token: owner.token,
    });
    expect(portal.status).toBe(200);
    expect(await press(portal.body.url, 'cancel')).toBe(`${t.base}/`);
    expect(await plan(owner)).toMatchObject({ plan_id: 'trial', source: 'local', status: 'canceled' });
  });

  it("returns to checkout cancel from the page's Cancel, and refuses a forged page", async () => {
    const owner = await organizationOwner(t, 'undecided@local.example');
    expect((await save(owner, details)).status).toBe(200);
    const started = await checkout(owner, 'growth', false);
    expect(await press(started.body.url, 'cancel')).toBe(`${t.base}/checkout-cancel`);
    expect(await plan(owner)).toMatchObject({ plan_id: 'trial' });
    const forged = new URL(started.body.url);
    forged.searchParams.set('token', `${forged.searchParams.get('token')!.slice(0, -2)}xx`);
    const page = await fetch(forged, { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe(`${t.base}/checkout-cancel`);
  });

  it('lets only owners and admins manage billing', async () => {
    const owner = await organizationOwner(t, 'admin@local.example');
    const stranger = await organizationOwner(t, 'stranger@local.example');
    const answer = await call(
      t.base,
      'GET',
      `/billing/checkout?organization_id=${owner.organizationId}&product=starter&annual=true`,
      { token: stranger.token },
    );
    expect(answer.status).toBe(404);
  });
});
