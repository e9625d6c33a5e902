// The sandbox Microsoft commercial marketplace: a purchase page, and the SaaS Fulfillment API v2
// endpoints a publisher calls (resolve, activate, get), shaped as Microsoft documents them.
// Development and tests only: refused in production. State is in memory per registration.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, useFormBodies } from '../http';
import { assertSandboxAllowed } from '../production';
import { buyPage } from './page';
import {
  MARKETPLACE_TOKEN_TTL_MS,
  MarketplaceStore,
  SANDBOX_BUYER_EMAIL,
  SANDBOX_OFFER,
  type MarketplaceOffer,
} from './store';

export const FULFILLMENT_API_VERSION = '2018-08-31';

export type SandboxMarketplaceOptions = {
  /** The publisher's landing page: the buy page redirects there with `?token=`. */
  landingPageUrl: string;
  /** Absolute URL the plugin is mounted at (the buy form posts there). */
  publicBaseUrl: string;
  offer?: MarketplaceOffer;
  /** The e-mail the buy page prefills. */
  defaultEmail?: string;
  tokenTtlMs?: number;
  now?: () => number;
};

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function field(body: unknown, name: string): string {
  const value =
    body != null && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.trim() : '';
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Fulfillment API errors: `{error: {code, message}}` like the real service. */
function fail(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ error: { code, message } });
}

export const sandboxMarketplacePlugin: FastifyPluginAsync<SandboxMarketplaceOptions> = async (
  app,
  options,
) => {
  assertSandboxAllowed();
  const offer = options.offer ?? SANDBOX_OFFER;
  const store = new MarketplaceStore(options.now ?? Date.now, options.tokenTtlMs ?? MARKETPLACE_TOKEN_TTL_MS);
  const base = new URL(options.publicBaseUrl).href.replace(/\/+$/, '');
  const defaultEmail = options.defaultEmail ?? SANDBOX_BUYER_EMAIL;
  useFormBodies(app);

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(body);

  app.get('/buy', async (_request, reply) =>
    html(reply, 200, buyPage({ offer, action: `${base}/buy`, email: defaultEmail, error: null })),
  );

  app.post('/buy', async (request, reply) => {
    const email = field(request.body, 'email').toLowerCase();
    const plan = offer.plans.find((p) => p.planId === field(request.body, 'plan_id'));
    const error = !plan
      ? 'Choose a plan.'
      : !EMAIL.test(email)
        ? 'Enter the e-mail of a Microsoft account.'
        : null;
    if (error || !plan) return html(reply, 400, buyPage({ offer, action: `${base}/buy`, email, error }));
    const { token } = store.purchase(offer, plan, email);
    const landing = new URL(options.landingPageUrl);
    landing.searchParams.set('token', token);
    return reply.redirect(landing.toString(), 302);
  });

  // The publisher's calls: a bearer token (an Entra app token in production) and the API version.
  const publisher = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!bearerToken(request.headers.authorization))
      return fail(reply, 401, 'Unauthorized', 'The request needs an Authorization: Bearer token.');
    const version = (request.query as Record<string, unknown> | undefined)?.['api-version'];
    if (version !== FULFILLMENT_API_VERSION)
      return fail(reply, 400, 'BadRequest', `api-version must be ${FULFILLMENT_API_VERSION}.`);
    return undefined;
  };

  app.post('/api/saas/subscriptions/resolve', { preHandler: publisher }, async (request, reply) => {
    const header = request.headers['x-ms-marketplace-token'];
    const token = typeof header === 'string' ? header : '';
    const subscription = token ? (store.resolve(token) ?? store.resolve(safeDecode(token))) : null;
    if (!subscription)
      return fail(
        reply,
        400,
        'BadRequest',
        'x-ms-marketplace-token is missing, malformed, invalid, or expired.',
      );
    return {
      id: subscription.id,
      subscriptionName: subscription.name,
      offerId: subscription.offerId,
      planId: subscription.planId,
      quantity: subscription.quantity,
      subscription,
    };
  });

  app.get<{ Params: { id: string } }>(
    '/api/saas/subscriptions/:id',
    { preHandler: publisher },
    async (request, reply) =>
      store.get(request.params.id) ?? fail(reply, 404, 'NotFound', 'Subscription not found.'),
  );

  app.post<{ Params: { id: string } }>(
    '/api/saas/subscriptions/:id/activate',
    { preHandler: publisher },
    async (request, reply) => {
      const subscription = store.get(request.params.id);
      if (!subscription) return fail(reply, 404, 'NotFound', 'Subscription not found.');
      const planId = field(request.body, 'planId');
      if (planId && planId !== subscription.planId)
        return fail(reply, 400, 'BadRequest', `planId ${planId} is not the purchased plan.`);
      if (subscription.saasSubscriptionStatus === 'Unsubscribed')
        return fail(reply, 400, 'BadRequest', 'The subscription was cancelled.');
      store.activate(subscription.id);
      return reply.code(200).send();
    },
  );
};
