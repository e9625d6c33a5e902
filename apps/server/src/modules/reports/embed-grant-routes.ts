import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmbedGrantListResponseSchema,
  EmbedGrantParamsSchema,
  EmbedTokenRequestSchema,
  EmbedTokenResponseSchema,
  ErrorResponseSchema,
  ReportOrganizationQuerySchema,
  ReportSlugParamsSchema,
} from '@maya/contracts';
import { z } from 'zod';
import { authOf, organizationOf } from '../../platform/guards';
import { BODY_LIMITS, errorResponses } from '../../platform/http';
import { answering, reportErrors } from './routes';
import type { ReportsService } from './service';

const tags = ['reports'];

/**
 * A report's embed grants (docs/decisions.md, "Embed grants"), for owners and admins: make one
 * for the view on screen, list them, revoke one. The embedded report's own routes, which take
 * the grant's token, are in embed-routes.ts.
 */
export async function embedGrantRoutes(
  app: FastifyInstance,
  embeds: ReportsService['embeds'],
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/reports/:slug/embed-token',
    {
      config: { guard: 'organization' },
      bodyLimit: BODY_LIMITS.reportState, // the encoded state the embed opens with
      schema: {
        tags,
        summary:
          'An embed grant of the report under the encoded state, with its signed token and embed page URL (owners and admins). It lasts until revoked, or until expires_at when one is given (422 invalid_embed_expiry unless it lies ahead); allow_filtering lets viewers narrow the view with the filters it leaves open',
        params: ReportSlugParamsSchema,
        body: EmbedTokenRequestSchema,
        response: { 200: EmbedTokenResponseSchema, ...reportErrors, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      const { organization_id: _organizationId, ...grant } = request.body;
      return answering(request, () =>
        embeds.createToken(organizationOf(request), authOf(request).userId, request.params.slug, grant),
      );
    },
  );

  api.get(
    '/reports/:slug/embeds',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary:
          "The report's embed grants not revoked, newest first: who made each and when, its state, expiry (status expired once past) and last use (owners and admins)",
        params: ReportSlugParamsSchema,
        querystring: ReportOrganizationQuerySchema,
        response: { 200: EmbedGrantListResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => embeds.list(organizationOf(request), request.params.slug),
  );

  api.delete(
    '/reports/:slug/embeds/:embed_id',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary:
          'Revokes an embed grant of the report: its token is refused from now on, by every API process (owners and admins; 404 embed_not_found for a grant the report does not have)',
        params: EmbedGrantParamsSchema,
        querystring: ReportOrganizationQuerySchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await embeds.revoke(organizationOf(request), request.params.slug, request.params.embed_id);
      return reply.status(204).send(null);
    },
  );
}
