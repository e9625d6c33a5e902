import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateOrganizationResponseSchema,
  CreateOrganizationSchema,
  DatasetListResponseSchema,
  MemberListResponseSchema,
  OrganizationIdParamsSchema,
  OrganizationListResponseSchema,
  OrganizationSchema,
  UpdateOrganizationSchema,
} from '@maya/contracts';
import { AppError } from '../../platform/errors';
import { errorResponses } from '../../platform/http';
import { authOf, organizationOf } from '../../platform/guards';
import type { OrganizationsService } from './service';

const tags = ['organizations'];

/** Which of these organizations a subscription pays for: billing's answer. */
export type SubscribedAmong = { subscribedAmong(organizationIds: readonly string[]): Promise<Set<string>> };

export async function organizationsRoutes(
  app: FastifyInstance,
  organizations: OrganizationsService,
  billing: SubscribedAmong,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  async function withSubscriptions<T extends { id: string; is_demo: boolean }>(list: T[]) {
    const paid = await billing.subscribedAmong(list.filter((o) => !o.is_demo).map((o) => o.id));
    return list.map((organization) => ({ ...organization, has_subscription: paid.has(organization.id) }));
  }

  api.get(
    '/organizations',
    {
      config: { guard: 'user' },
      schema: { tags, response: { 200: OrganizationListResponseSchema, ...errorResponses(401) } },
    },
    async (request) => ({
      organizations: await withSubscriptions(await organizations.listForUser(authOf(request).userId)),
    }),
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
    async (request) => {
      const [updated] = await withSubscriptions([
        await organizations.updateCurrency(organizationOf(request), request.body.currency_id),
      ]);
      return updated;
    },
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
}
