import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AssistantGrantResponseSchema, CreateAssistantGrantSchema } from '@maya/contracts';
import { authOf, organizationOf } from '../../platform/guards';
import { errorResponses } from '../../platform/http';
import type { AssistantAuthService } from './service';

export async function assistantAuthRoutes(
  app: FastifyInstance,
  service: AssistantAuthService,
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/assistant/grants',
    {
      config: { guard: 'organization' },
      schema: {
        tags: ['assistant-auth'],
        summary: 'Record the grant of one dataset to an AI assistant (dataset-select, spec 000 §2)',
        body: CreateAssistantGrantSchema,
        response: { 201: AssistantGrantResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { organizationId } = organizationOf(request);
      const grant = await service.grant(
        organizationId,
        authOf(request).userId,
        request.body.dataset_id,
        request.body.mcp_auth_token,
      );
      return reply.status(201).send(grant);
    },
  );
}
