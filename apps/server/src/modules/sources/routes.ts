import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ServiceListResponseSchema } from '@maya/contracts';
import { catalog } from '@maya/connectors';

export async function sourcesRoutes(api: FastifyInstance): Promise<void> {
  api.withTypeProvider<ZodTypeProvider>().get(
    '/services',
    {
      // The catalogue of connectable services is product information, not tenant data.
      config: { guard: 'public' },
      schema: {
        tags: ['sources'],
        summary: 'List the data services that can be connected (spec 001 §7)',
        response: { 200: ServiceListResponseSchema },
      },
    },
    async () => ({ services: catalog.filter((service) => service.is_listed) }),
  );
}
