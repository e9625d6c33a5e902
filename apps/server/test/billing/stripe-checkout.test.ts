// The Stripe provider's calls (issue 27), against a local HTTP server that answers as Stripe's
// API does: the customer with its VAT id, the Checkout Session with the organization, product
// and term in the subscription's metadata, and the Billing Portal for the customer a webhook named.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { organizationOwner } from '../support/sources';

const SECRET = 'whsec_checkout_tests';
type Received = { method: string; path: string; form: URLSearchParams; authorization: string };
const received: Received[] = [];
let stripeApi: Server;
let t: AccountsApp;

/** Answers the three calls the provider makes, shaped as Stripe's API answers them. */
function answer(path: string, form: URLSearchParams): { status: number; body: object } {
  switch (path) {
    case '/v1/customers':
      return { status: 200, body: { id: 'cus_test_1', object: 'customer', email: form.get('email') } };
    case '/v1/checkout/sessions':
      return {
        status: 200,
        body: {
          id: 'cs_test_1',
          object: 'checkout.session',
          url: 'https://checkout.stripe.test/c/pay/cs_test_1',
        },
      };
    case '/v1/billing_portal/sessions':
      return {
        status: 200,
        body: {
          id: 'bps_1',
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/p/${form.get('customer')}`,
        },
      };
    default:
      return {
        status: 404,
        body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } },
      };
  }
}

beforeAll(async () => {
  stripeApi = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const form = new URLSearchParams(raw);
      const path = (request.url ?? '').split('?')[0]!;
      received.push({
        method: request.method ?? '',
        path,
        form,
        authorization: request.headers.authorization ?? '',
      });
      const { status, body } = answer(path, form);
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${received.length}`,
      });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
  const { port } = stripeApi.address() as AddressInfo;
  t = await startAccountsApp({
    STRIPE_SECRET_KEY: 'sk_test_checkout',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${port}`,
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => stripeApi.close(resolve));
});

describe('the Stripe provider', () => {
  it('creates the customer and a subscription Checkout Session, then opens the portal of its customer', async () => {
    const owner = await organizationOwner(t, 'stripe-buyer@stripe.example');
    const saved = await call(t.base, 'PUT', '/billing/details', {
      token: owner.token,
      body: {
        organization_id: owner.organizationId,
        companyName: 'Acme',
        countryCode: 'de',
        addressLine1: 'Hauptstraße 1',
        postalCode: '10115',
        city: 'Berlin',
        taxId: 'DE123456789',
      },
    });
    expect(saved.status).toBe(200);
    const checkout = await call(
      t.base,
      'GET',
      `/billing/checkout?organization_id=${owner.organizationId}&product=growth&annual=false`,
      { token: owner.token },
    );
    expect(checkout.body).toEqual({ url: 'https://checkout.stripe.test/c/pay/cs_test_1' });
    const [customer, session] = received.splice(0);
    expect(customer).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      authorization: 'Bearer sk_test_checkout',
    });
    expect(Object.fromEntries(customer!.form)).toMatchObject({
      email: 'stripe-buyer@stripe.example',
      name: 'Acme',
      'address[country]': 'DE',
      'tax_id_data[0][type]': 'eu_vat',
      'tax_id_data[0][value]': 'DE123456789',
      'metadata[organization_id]': owner.organizationId,
    });
    expect(session?.path).toBe('/v1/checkout/sessions');
    expect(Object.fromEntries(session!.form)).toMatchObject({
      mode: 'subscription',
      customer: 'cus_test_1',
      client_reference_id: owner.organizationId,
      success_url: `${t.base}/checkout-success`,
      cancel_url: `${t.base}/checkout-cancel`,
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '14900',
      'line_items[0][price_data][recurring][interval]': 'month',
      'subscription_data[metadata][organization_id]': owner.organizationId,
      'subscription_data[metadata][product_id]': 'growth',
      'subscription_data[metadata][annual]': 'false',
    });

    // Stripe tells of the subscription; the portal then opens for its customer.
    const payload = JSON.stringify({
      id: 'evt_checkout_1',
      object: 'event',
      created: Math.floor(Date.now() / 1000),
      type: 'customer.subscription.created',
      data: {
        object: {
          id: 'sub_1',
          object: 'subscription',
          customer: 'cus_test_1',
          status: 'active',
          trial_end: null,
          metadata: { organization_id: owner.organizationId, product_id: 'growth', annual: 'false' },
        },
      },
    });
    const delivered = await fetch(`${t.base}/api/billing/webhooks/stripe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
      },
      body: payload,
    });
    expect(delivered.status).toBe(200);
    const portal = await call(t.base, 'GET', `/billing/portal?organization_id=${owner.organizationId}`, {
      token: owner.token,
    });
    expect(portal.body).toEqual({ url: 'https://billing.stripe.test/p/cus_test_1' });
    expect(Object.fromEntries(received.splice(0)[0]!.form)).toEqual({
      customer: 'cus_test_1',
      return_url: `${t.base}/`,
    });
  });
});
