// Stripe's webhooks (issue 27): verified on the raw body with the signing secret and a 300 s
// tolerance, each event applied once however often it is delivered, and in Stripe's order
// whatever order it arrives in. Signed by the official package's own test helper.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { organizationOwner, ownerQuery } from '../support/sources';

const SECRET = 'whsec_test_secret_of_the_maya_tests';
let t: AccountsApp;
beforeAll(async () => {
  t = await startAccountsApp({ STRIPE_SECRET_KEY: 'sk_test_maya', STRIPE_WEBHOOK_SECRET: SECRET });
});
afterAll(() => t.close());

type Owner = Awaited<ReturnType<typeof organizationOwner>>;
let sequence = 0;

/** A customer.subscription.* event as Stripe sends it, created at `created` (seconds). */
function subscriptionEvent(
  owner: Owner,
  type: string,
  status: string,
  created: number,
  productId = 'growth',
): string {
  sequence += 1;
  return JSON.stringify({
    id: `evt_${owner.organizationId.slice(0, 8)}_${sequence}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: `sub_${owner.organizationId.slice(0, 8)}`,
        object: 'subscription',
        customer: `cus_${owner.organizationId.slice(0, 8)}`,
        status,
        trial_end: null,
        metadata: { organization_id: owner.organizationId, product_id: productId, annual: 'true' },
      },
    },
  });
}

async function deliver(payload: string, options: { timestamp?: number; tamper?: boolean } = {}) {
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: SECRET,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  });
  // One changed byte: the amount of whitespace Stripe's signature covers.
  const body = options.tamper ? payload.replace('"status":"', '"status": "') : payload;
  const response = await fetch(`${t.base}/api/billing/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const plan = async (owner: Owner) =>
  (await call(t.base, 'GET', `/entitlements?organization_id=${owner.organizationId}`, { token: owner.token }))
    .body;
const now = () => Math.floor(Date.now() / 1000);

describe('Stripe webhooks', () => {
  it('applies a signed subscription event to its organization', async () => {
    const owner = await organizationOwner(t, 'signed@stripe.example');
    const delivered = await deliver(
      subscriptionEvent(owner, 'customer.subscription.created', 'active', now()),
    );
    expect(delivered).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect(await plan(owner)).toMatchObject({ plan_id: 'growth', source: 'stripe', status: 'active' });
  });

  it('refuses a body with one changed byte, an old timestamp and no signature, changing nothing', async () => {
    const owner = await organizationOwner(t, 'forged@stripe.example');
    const forged = subscriptionEvent(owner, 'customer.subscription.created', 'active', now());
    const tampered = await deliver(forged, { tamper: true });
    expect([tampered.status, (tampered.body.detail as { type: string }).type]).toEqual([
      400,
      'invalid_webhook',
    ]);
    const replayed = await deliver(forged, { timestamp: now() - 301 });
    expect([replayed.status, (replayed.body.detail as { type: string }).type]).toEqual([
      400,
      'invalid_webhook',
    ]);
    const unsigned = await fetch(`${t.base}/api/billing/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: forged,
    });
    expect(unsigned.status).toBe(400);
    expect(await plan(owner)).toMatchObject({ plan_id: 'trial', source: 'trial' });
    const recorded = await ownerQuery(
      t,
      owner.organizationId,
      'SELECT id FROM billing_events WHERE id = $1',
      [JSON.parse(forged).id],
    );
    expect(recorded).toEqual([]);
  });

  it('applies the same event delivered five times once', async () => {
    const owner = await organizationOwner(t, 'redelivered@stripe.example');
    const payload = subscriptionEvent(owner, 'customer.subscription.created', 'active', now() - 10);
    const outcomes = [];
    for (let n = 0; n < 5; n++) outcomes.push((await deliver(payload)).body.outcome);
    expect(outcomes).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    // Five at once: still applied once.
    const burst = subscriptionEvent(owner, 'customer.subscription.updated', 'past_due', now());
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => deliver(burst)));
    expect(answers.map((a) => a.body.outcome).sort()).toEqual([
      'applied',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    expect(await plan(owner)).toMatchObject({ plan_id: 'growth', status: 'past_due' });
  });

  it('ends in the newest state when events arrive out of order', async () => {
    const owner = await organizationOwner(t, 'unordered@stripe.example');
    const start = now() - 100;
    const created = subscriptionEvent(owner, 'customer.subscription.created', 'trialing', start);
    const updated = subscriptionEvent(owner, 'customer.subscription.updated', 'active', start + 10);
    const deleted = subscriptionEvent(owner, 'customer.subscription.deleted', 'canceled', start + 20);
    expect((await deliver(deleted)).body.outcome).toBe('applied');
    expect((await deliver(created)).body.outcome).toBe('stale');
    expect((await deliver(updated)).body.outcome).toBe('stale');
    expect(await plan(owner)).toMatchObject({ plan_id: 'trial', source: 'stripe', status: 'canceled' });
  });

  it('records events that change no subscription, and ignores one naming no organization', async () => {
    const owner = await organizationOwner(t, 'other@stripe.example');
    const invoice = JSON.stringify({
      id: 'evt_invoice_paid_1',
      object: 'event',
      created: now(),
      type: 'invoice.paid',
      data: { object: { id: 'in_1', object: 'invoice' } },
    });
    expect((await deliver(invoice)).body.outcome).toBe('ignored');
    expect((await deliver(invoice)).body.outcome).toBe('duplicate');
    const stranger = JSON.parse(subscriptionEvent(owner, 'customer.subscription.created', 'active', now()));
    stranger.data.object.metadata.organization_id = 'not-an-organization';
    expect((await deliver(JSON.stringify(stranger))).body.outcome).toBe('ignored');
    expect(await plan(owner)).toMatchObject({ plan_id: 'trial' });
  });
});
