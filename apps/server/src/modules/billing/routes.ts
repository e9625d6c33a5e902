import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EntitlementsSchema,
  FeaturesSchema,
  OrganizationIdQuerySchema,
  ProductListResponseSchema,
} from '@maya/contracts';
import { errorResponses } from '../../platform/http';
import { organizationOf } from '../../platform/guards';
import type { BillingService, Usage } from './service';

const tags = ['billing'];

export async function billingRoutes(
  app: FastifyInstance,
  d: { billing: BillingService; usage: (organizationId: string) => Promise<Usage> },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/entitlements',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        querystring: OrganizationIdQuerySchema,
        response: { 200: EntitlementsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => d.billing.entitlements(organizationOf(request).organizationId),
  );

  api.post(
    '/features',
    {
      // Reads only: open to read-only API keys.
      config: { guard: 'organization', reads: true },
      schema: {
        tags,
        body: OrganizationIdQuerySchema,
        response: { 200: FeaturesSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const access = organizationOf(request);
      return d.billing.features(access, await d.usage(access.organizationId));
    },
  );

  api.get(
    '/billing/products',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        querystring: OrganizationIdQuerySchema,
        response: { 200: ProductListResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ products: await d.billing.products(organizationOf(request).organizationId) }),
  );
}
