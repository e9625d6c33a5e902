import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptInvitationResponseSchema,
  AcceptInvitationSchema,
  CreateInvitationSchema,
  InviteListResponseSchema,
  InviteSchema,
  OrganizationDirectoryResponseSchema,
  OrganizationIdParamsSchema,
  OrganizationIdQuerySchema,
  PendingInvitationSchema,
} from '@maya/contracts';
import { errorResponses } from '../../platform/http';
import { authOf, organizationOf } from '../../platform/guards';
import type { OrganizationsService } from '../organizations';
import type { InvitationsService } from './service';

const tags = ['invitations'];
const IdParams = z.object({ id: z.uuid() });

export async function invitationsRoutes(
  app: FastifyInstance,
  invitations: InvitationsService,
  organizations: OrganizationsService,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/organizations/:id/users/all',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: "The organization's members and pending invitations (spec 000 §7 /users/all)",
        params: OrganizationIdParamsSchema,
        response: { 200: OrganizationDirectoryResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { organizationId } = organizationOf(request);
      const [users, pending] = await Promise.all([
        organizations.members(organizationId),
        invitations.listPending(organizationId),
      ]);
      return { users, invitations: pending };
    },
  );

  api.get(
    '/invitations/:id',
    {
      // The invitee may not have an account yet: the id (a random uuid) and the slug are the key.
      config: { guard: 'public' },
      schema: {
        tags,
        params: IdParams,
        querystring: z.object({ organization_slug: z.string().min(1).max(100) }),
        response: { 200: PendingInvitationSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => invitations.pending(request.params.id, request.query.organization_slug),
  );

  api.get(
    '/invitations',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        querystring: OrganizationIdQuerySchema,
        response: { 200: InviteListResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      invitations: await invitations.listPending(organizationOf(request).organizationId),
    }),
  );

  api.post(
    '/invitations',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        body: CreateInvitationSchema,
        response: { 201: InviteSchema, ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const invite = await invitations.create(organizationOf(request), authOf(request), request.body.email);
      return reply.status(201).send(invite);
    },
  );

  api.delete(
    '/invitations/:id',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        params: IdParams,
        querystring: OrganizationIdQuerySchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await invitations.remove(organizationOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/invitations/accept',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        body: AcceptInvitationSchema,
        response: { 200: AcceptInvitationResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) =>
      invitations.accept(authOf(request), request.body.invitation_id, request.body.organization_slug),
  );
}
