import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmbedAccessResponseSchema,
  EmbedFilterOptionsRequestSchema,
  EmbedQueryRequestSchema,
  EmbedTokenParamsSchema,
  ErrorResponseSchema,
  FilterOptionsResponseSchema,
  ReportQueryResponseSchema,
  ValidationErrorResponseSchema,
} from '@maya/contracts';
import { z } from 'zod';
import { BODY_LIMITS, plainJsonSerializer } from '../../platform/http';
import { answering } from './routes';
import type { ReportsService } from './service';

const tags = ['embed'];

/**
 * 401 invalid_embed_token for a token that is malformed, forged, revoked, expired or whose report
 * is gone; 403 embed_filter_not_allowed for a request outside the grant's view (embed-scope.ts);
 * 404 workspace_not_setup; 422 for a request the report cannot answer; 429 past the token's reads
 * per minute; 502 and 504 when the warehouse fails.
 */
const embedErrors = {
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  422: z.union([ValidationErrorResponseSchema, ErrorResponseSchema]),
  429: ErrorResponseSchema,
  502: ErrorResponseSchema,
  504: ErrorResponseSchema,
};

/**
 * A report embedded in another site (the SPA's /embed/{token} page): public routes whose token,
 * signed by this server and naming a live grant, is their only credential. They read one report
 * under its grant's view and nothing else; no other route accepts the token.
 */
export async function embedRoutes(app: FastifyInstance, embeds: ReportsService['embeds']): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/embed/:token',
    {
      config: { guard: 'public' },
      schema: {
        tags,
        summary:
          'The embedded report: its embed fields (access_level View), its document without the pages hidden in embedded reports, its freshness, and the state to open with',
        params: EmbedTokenParamsSchema,
        response: { 200: EmbedAccessResponseSchema, ...embedErrors },
      },
    },
    async (request) => answering(request, () => embeds.access(request.params.token)),
  );

  api.post(
    '/embed/:token/query',
    {
      config: { guard: 'public' },
      bodyLimit: BODY_LIMITS.reportQuery, // list filters of many values
      serializerCompiler: plainJsonSerializer,
      schema: {
        tags,
        summary:
          "One visual of the embedded report, as /reports/{slug}/query answers it, under the grant's filters: the request must carry them unchanged (403 embed_filter_not_allowed otherwise) and may narrow with the filters the view leaves open only when the grant allows filtering",
        params: EmbedTokenParamsSchema,
        body: EmbedQueryRequestSchema,
        response: { 200: ReportQueryResponseSchema, ...embedErrors },
      },
    },
    async (request) => answering(request, () => embeds.query(request.params.token, request.body)),
  );

  api.get(
    '/embed/:token/filter-values',
    {
      config: { guard: 'public' },
      schema: {
        tags,
        summary:
          "A list filter's values of the embedded report's dataset, a page at a time, among the rows the grant's view shows on `page`; only the columns of the report's filters and slicers (403 embed_filter_not_allowed otherwise)",
        params: EmbedTokenParamsSchema,
        querystring: EmbedFilterOptionsRequestSchema,
        response: { 200: FilterOptionsResponseSchema, ...embedErrors },
      },
    },
    async (request) => answering(request, () => embeds.filterValues(request.params.token, request.query)),
  );
}
