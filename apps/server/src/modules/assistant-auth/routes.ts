import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AssistantAuthorizationListSchema,
  AssistantAuthorizationParamsSchema,
  AssistantAuthorizationsQuerySchema,
  AssistantGrantResponseSchema,
  CreateAssistantGrantSchema,
} from '@maya/contracts';
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

  app.withTypeProvider<ZodTypeProvider>().get(
    '/assistant/authorizations',
    {
      config: { guard: 'organization' },
      schema: {
        tags: ['assistant-auth'],
        summary: 'The AI assistants authorized for the organization (Settings → Developers)',
        querystring: AssistantAuthorizationsQuerySchema,
        response: { 200: AssistantAuthorizationListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      authorizations: await service.list(organizationOf(request), authOf(request).userId),
    }),
  );

  app.withTypeProvider<ZodTypeProvider>().delete(
    '/assistant/authorizations/:id',
    {
      config: { guard: 'organization' },
      schema: {
        tags: ['assistant-auth'],
        summary: 'Revoke an AI assistant: its tokens stop working at once',
        params: AssistantAuthorizationParamsSchema,
        querystring: AssistantAuthorizationsQuerySchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.revoke(organizationOf(request), authOf(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
