import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MICROSOFT_SANDBOX_TENANT_ID, microsoftObjectId } from '../accounts';
import { SANDBOX_BUYER_EMAIL, sandboxMarketplacePlugin } from './index';
import { SandboxInProductionError } from '../plugin';

const BASE = 'http://localhost:8000/sandbox/marketplace';
const LANDING = 'http://localhost:8000/microsoft/mona/start';
const API = '/sandbox/marketplace/api/saas/subscriptions';
const auth = { authorization: 'Bearer publisher-token' };

async function start(now = () => Date.now()) {
  const app = Fastify();
  await app.register(sandboxMarketplacePlugin, {
    prefix: '/sandbox/marketplace',
    landingPageUrl: LANDING,
    publicBaseUrl: BASE,
    now,
  });
  return app;
}

async function buy(app: Awaited<ReturnType<typeof start>>, email = SANDBOX_BUYER_EMAIL) {
  const answer = await app.inject({
    method: 'POST',
    url: '/sandbox/marketplace/buy',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ plan_id: 'professional', email }).toString(),
  });
  expect(answer.statusCode).toBe(302);
  const location = new URL(answer.headers.location as string);
  expect(`${location.origin}${location.pathname}`).toBe(LANDING);
  return location.searchParams.get('token') ?? '';
}

describe('sandbox marketplace', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('refuses to register in production', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const app = Fastify();
    void app.register(sandboxMarketplacePlugin, { landingPageUrl: LANDING, publicBaseUrl: BASE });
    await expect(app.ready()).rejects.toBeInstanceOf(SandboxInProductionError);
  });

  it('shows a purchase page prefilled with the sandbox tenant user', async () => {
    const app = await start();
    const page = await app.inject({ method: 'GET', url: '/sandbox/marketplace/buy' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`value="${SANDBOX_BUYER_EMAIL}"`);
    expect(page.body).toContain(`action="${BASE}/buy"`);
    expect(page.body).toMatch(/<select name="plan_id">/);
    expect(page.body).toContain('>Buy</button>');
  });

  it('resolves the landing token, activates and reads the subscription (Fulfillment API v2)', async () => {
    const app = await start();
    const token = await buy(app);
    const resolved = await app.inject({
      method: 'POST',
      url: `${API}/resolve?api-version=2018-08-31`,
      headers: { ...auth, 'x-ms-marketplace-token': token },
    });
    expect(resolved.statusCode).toBe(200);
    const body = resolved.json<Record<string, any>>(); // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON under test
    expect(body).toMatchObject({
      id: expect.any(String),
      subscriptionName: expect.any(String),
      offerId: 'maya-analytics',
      planId: 'professional',
      quantity: 1,
      subscription: {
        saasSubscriptionStatus: 'PendingFulfillmentStart',
        beneficiary: {
          emailId: SANDBOX_BUYER_EMAIL,
          tenantId: MICROSOFT_SANDBOX_TENANT_ID,
          objectId: microsoftObjectId(MICROSOFT_SANDBOX_TENANT_ID, SANDBOX_BUYER_EMAIL),
        },
        term: { termUnit: 'P1M' },
      },
    });
    const id = body.id as string;
    const activated = await app.inject({
      method: 'POST',
      url: `${API}/${id}/activate?api-version=2018-08-31`,
      headers: auth,
      payload: { planId: 'professional', quantity: 1 },
    });
    expect(activated.statusCode).toBe(200);
    const read = await app.inject({
      method: 'GET',
      url: `${API}/${id}?api-version=2018-08-31`,
      headers: auth,
    });
    expect(read.json()).toMatchObject({ id, saasSubscriptionStatus: 'Subscribed' });
  });

  it('requires a bearer token and the API version; refuses unknown and expired tokens', async () => {
    let now = Date.now();
    const app = await start(() => now);
    const token = await buy(app);
    const resolve = (headers: Record<string, string>, version = '2018-08-31') =>
      app.inject({ method: 'POST', url: `${API}/resolve?api-version=${version}`, headers });
    expect((await resolve({ 'x-ms-marketplace-token': token })).statusCode).toBe(401);
    expect((await resolve({ ...auth, 'x-ms-marketplace-token': token }, '2020-01-01')).statusCode).toBe(400);
    expect((await resolve({ ...auth, 'x-ms-marketplace-token': 'nope' })).statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'GET', url: `${API}/unknown?api-version=2018-08-31`, headers: auth }))
        .statusCode,
    ).toBe(404);
    now += 24 * 3_600_000 + 1;
    expect((await resolve({ ...auth, 'x-ms-marketplace-token': token })).statusCode).toBe(400);
  });

  it('refuses a purchase without a valid e-mail', async () => {
    const app = await start();
    const answer = await app.inject({
      method: 'POST',
      url: '/sandbox/marketplace/buy',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'plan_id=standard&email=not-an-email',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('role="alert"');
  });
});
