import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BillingDetailsResponseSchema,
  CheckoutQuerySchema,
  CountryListResponseSchema,
  OrganizationIdQuerySchema,
  RedirectResponseSchema,
  SaveBillingDetailsRequestSchema,
} from '@maya/contracts';
import { errorResponses } from '../../platform/http';
import { authOf, organizationOf } from '../../platform/guards';
import type { Checkout } from './checkout';
import { countries } from './countries';
import { localPage } from './local-page';
import type { ProductRow } from './plan';

const tags = ['billing'];
const LocalQuerySchema = z.object({ token: z.string().min(1).max(4000) });
const LocalFormSchema = z.object({
  token: z.string().min(1).max(4000),
  action: z.enum(['pay', 'cancel', 'back']),
});

export async function checkoutRoutes(
  app: FastifyInstance,
  d: { checkout: Checkout; appUrl: string; products: () => Promise<ProductRow[]> },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/billing/details',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        querystring: OrganizationIdQuerySchema,
        response: { 200: BillingDetailsResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ details: await d.checkout.details(organizationOf(request).organizationId) }),
  );

  api.put(
    '/billing/details',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        body: SaveBillingDetailsRequestSchema,
        response: { 200: BillingDetailsResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { organization_id: _, ...details } = request.body;
      return { details: await d.checkout.saveDetails(organizationOf(request), details) };
    },
  );

  api.get(
    '/billing/countries',
    {
      config: { guard: 'user' },
      schema: { tags, response: { 200: CountryListResponseSchema, ...errorResponses(401) } },
    },
    async () => ({ countries: countries() }),
  );

  api.get(
    '/billing/checkout',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        querystring: CheckoutQuerySchema,
        response: { 200: RedirectResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      d.checkout.checkout(
        organizationOf(request),
        authOf(request),
        request.query.product,
        request.query.annual,
      ),
  );

  api.get(
    '/billing/portal',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        querystring: OrganizationIdQuerySchema,
        response: { 200: RedirectResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => d.checkout.portal(organizationOf(request), `${d.appUrl}/`),
  );

  // Stripe signs the body as sent: this route keeps it raw (its own content-type parser).
  await api.register(async (raw) => {
    raw.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 1_048_576 },
      (_request, body, done) => done(null, body),
    );
    raw.withTypeProvider<ZodTypeProvider>().post(
      '/billing/webhooks/stripe',
      {
        config: { guard: 'public' },
        schema: {
          tags,
          response: { 200: z.object({ received: z.boolean(), outcome: z.string() }), ...errorResponses(400) },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await d.checkout.webhook(body, typeof signature === 'string' ? signature : undefined);
        return { received: true, outcome };
      },
    );
  });

  // The local provider's pages (no Stripe key): plain HTML forms posting back here.
  await api.register(async (local) => {
    local.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const pages = local.withTypeProvider<ZodTypeProvider>();
    for (const kind of ['checkout', 'portal'] as const) {
      pages.get(
        `/billing/local/${kind}`,
        { config: { guard: 'public' }, schema: { hide: true, querystring: LocalQuerySchema } },
        async (request, reply) => {
          const session = d.checkout.localSession(request.query.token);
          if (!session || session.k !== kind) return reply.redirect(`${d.appUrl}/checkout-cancel`);
          const productId = kind === 'portal' ? await d.checkout.currentProductId(session.o) : session.p;
          const product = (await d.products()).find((p) => p.id === productId) ?? null;
          return reply
            .type('text/html')
            .header('cache-control', 'no-store')
            .send(localPage(request.query.token, session, product));
        },
      );
      pages.post(
        `/billing/local/${kind}`,
        { config: { guard: 'public' }, schema: { hide: true, body: LocalFormSchema } },
        async (request, reply) => {
          const { token, action } = request.body;
          const next = await d.checkout.localAction(token, action);
          return reply.redirect(next ?? `${d.appUrl}/checkout-cancel`, 303);
        },
      );
    }
  });
}
