import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DestinationCheckResponseSchema,
  DestinationIdParamsSchema,
  DestinationListResponseSchema,
  DestinationOrganizationBodySchema,
  DestinationOrganizationQuerySchema,
  DestinationSchema,
  DestinationStatusSchema,
  OrganizationDestinationSchema,
} from '@maya/contracts';
import { z } from 'zod';
import { authOf, organizationOf } from '../../platform/guards';
import { errorResponses } from '../../platform/http';
import type { DestinationsService } from './service';
import { SaveOrganizationDestinationBodySchema } from './validation';

const tags = ['destinations'];

/** spec 002 §7 Destinations. The organization's own destination lives at /destinations/organization. */
export async function destinationsRoutes(
  app: FastifyInstance,
  destinations: DestinationsService,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/destinations',
    {
      // The catalogue is product information, like the connectable services.
      config: { guard: 'public' },
      schema: {
        tags,
        summary: 'All destinations: the managed default first, then the on-premise kinds with their forms',
        response: { 200: DestinationListResponseSchema },
      },
    },
    async () => ({ destinations: [...destinations.list()] }),
  );

  api.get(
    '/destinations/organization',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: "The organization's destination; 404 when it uses the managed default",
        querystring: DestinationOrganizationQuerySchema,
        response: { 200: OrganizationDestinationSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => destinations.organizationDestination(organizationOf(request).organizationId),
  );

  api.put(
    '/destinations/organization',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary:
          'Create or update the organization destination after a connection check; a managed one removes it (204)',
        body: SaveOrganizationDestinationBodySchema,
        response: {
          200: OrganizationDestinationSchema,
          204: z.null().describe('The managed default was chosen: the organization destination is removed'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { organization_id: _organizationId, ...input } = request.body;
      const client = { ip: request.ip, log: request.log };
      const saved = await destinations.save(organizationOf(request), authOf(request).userId, input, client);
      return saved ? saved : reply.status(204).send(null);
    },
  );

  api.delete(
    '/destinations/organization',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: 'Remove the organization destination: data goes to the managed default again',
        querystring: DestinationOrganizationQuerySchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await destinations.remove(organizationOf(request));
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/destinations/organization/check',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: "Check the organization's external database: connect with its stored settings",
        body: DestinationOrganizationBodySchema,
        response: { 200: DestinationCheckResponseSchema, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) =>
      destinations.checkOrganization(organizationOf(request).organizationId, {
        ip: request.ip,
        log: request.log,
      }),
  );

  api.get(
    '/destinations/status',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: 'Whether the caller may change the destination (can_configure_destination) and why not',
        querystring: DestinationOrganizationQuerySchema,
        response: { 200: DestinationStatusSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => destinations.status(organizationOf(request)),
  );

  api.get(
    '/destinations/:id',
    {
      config: { guard: 'public' },
      schema: {
        tags,
        summary: 'One destination by id',
        params: DestinationIdParamsSchema,
        response: { 200: DestinationSchema, ...errorResponses(404) },
      },
    },
    async (request) => destinations.get(request.params.id),
  );
}
