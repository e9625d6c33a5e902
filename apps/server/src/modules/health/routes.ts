import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '@maya/contracts';
import type { HealthService } from './service';

export async function healthRoutes(api: FastifyInstance, health: HealthService): Promise<void> {
  api.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      config: { guard: 'public' },
      // Polled constantly by load balancers: keep it out of the info-level request log.
      logLevel: 'warn',
      schema: {
        tags: ['platform'],
        summary: 'Database and job-queue status (200 ok, 503 degraded)',
        response: { 200: HealthResponseSchema, 503: HealthResponseSchema },
      },
    },
    async (_request, reply) => {
      const result = await health.check();
      return reply.status(result.status === 'ok' ? 200 : 503).send(result);
    },
  );
}
