import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AssistantGrantResponseSchema, CreateAssistantGrantSchema } from '@maya/contracts';
import { withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import { errorResponses } from '../../platform/http';
import { hashToken } from '../../platform/secure-token';
import { authOf, organizationOf } from '../../platform/guards';
import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import type { OrganizationsService } from '../organizations';
import { assistantGrants } from './schema';

export function createAssistantAuthModule(
  platform: Platform,
  services: { organizations: OrganizationsService },
) {
  const { db } = platform.database;
  const module: Module = {
    name: 'assistant-auth',
    routes: async (app: FastifyInstance) => {
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
          const datasets = await services.organizations.listDatasets(organizationId);
          if (!datasets.some((dataset) => dataset.id === request.body.dataset_id)) {
            throw new AppError(404, 'dataset_not_found', { message: 'Dataset not found' });
          }
          const tokenHash = hashToken(request.body.mcp_auth_token);
          const [grant] = await withOrganization(db, organizationId, (tx) =>
            tx
              .insert(assistantGrants)
              .values({
                organizationId,
                userId: authOf(request).userId,
                datasetId: request.body.dataset_id,
                tokenHash,
              })
              .onConflictDoNothing()
              .returning(),
          );
          if (!grant)
            throw new AppError(409, 'token_already_used', {
              message: 'This assistant token was already authorized',
            });
          return reply.status(201).send({
            grant_id: grant.id,
            user_id: grant.userId,
            organization_id: grant.organizationId,
            dataset_id: grant.datasetId,
            created_at: grant.createdAt.toISOString(),
          });
        },
      );
    },
  };
  return { module };
}
