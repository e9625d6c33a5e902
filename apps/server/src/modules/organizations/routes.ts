import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateOrganizationResponseSchema,
  CreateOrganizationSchema,
  DatasetListResponseSchema,
  FeaturesSchema,
  MemberListResponseSchema,
  OrganizationIdParamsSchema,
  OrganizationIdQuerySchema,
  OrganizationListResponseSchema,
  OrganizationSchema,
  UpdateOrganizationSchema,
} from '@maya/contracts';
import { AppError } from '../../platform/errors';
import { errorResponses } from '../../platform/http';
import { authOf, organizationOf } from '../../platform/guards';
import type { OrganizationsService } from './service';

const tags = ['organizations'];

export async function organizationsRoutes(
  app: FastifyInstance,
  organizations: OrganizationsService,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/organizations',
    {
      config: { guard: 'user' },
      schema: { tags, response: { 200: OrganizationListResponseSchema, ...errorResponses(401) } },
    },
    async (request) => ({ organizations: await organizations.listForUser(authOf(request).userId) }),
  );

  api.post(
    '/organizations',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        body: CreateOrganizationSchema,
        response: { 201: CreateOrganizationResponseSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (!auth.emailVerified) throw new AppError(403, 'email_not_verified', { email: auth.email });
      const created = await organizations.create(auth.userId, request.body.name);
      return reply.status(201).send({ id: created.id, slug: created.slug, name: created.name });
    },
  );

  api.patch(
    '/organizations/:id',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        params: OrganizationIdParamsSchema,
        body: UpdateOrganizationSchema,
        response: { 200: OrganizationSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => organizations.updateCurrency(organizationOf(request), request.body.currency_id),
  );

  api.get(
    '/organizations/:id/users',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        params: OrganizationIdParamsSchema,
        response: { 200: MemberListResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ users: await organizations.members(organizationOf(request).organizationId) }),
  );

  api.get(
    '/organizations/:id/datasets',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        params: OrganizationIdParamsSchema,
        response: { 200: DatasetListResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const datasets = await organizations.listDatasets(organizationOf(request).organizationId);
      return { datasets: datasets.map(({ id, name, description }) => ({ id, name, description })) };
    },
  );

  api.post(
    '/features',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        body: OrganizationIdQuerySchema,
        response: { 200: FeaturesSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => organizations.features(organizationOf(request)),
  );
}
