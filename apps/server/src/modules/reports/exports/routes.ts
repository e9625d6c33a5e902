import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmbedAccessResponseSchema,
  ErrorResponseSchema,
  PageExportParamsSchema,
  PageExportRequestSchema,
  RenderAccessRequestSchema,
  RenderQueryRequestSchema,
  ReportQueryResponseSchema,
  ReportSlugParamsSchema,
  VisualCsvRequestSchema,
} from '@maya/contracts';
import { z } from 'zod';
import { organizationOf } from '../../../platform/guards';
import { BODY_LIMITS, errorResponses, plainJsonSerializer } from '../../../platform/http';
import { answering, reportErrors } from '../routes';
import type { ExportFile, ReportExports } from './service';

const tags = ['reports'];

/** A file download: its type, and a name the browser saves it under. */
function sendFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

/** What an export may answer besides the file: the reports' errors, 429, and Chromium's 503. */
const exportErrors = { ...errorResponses(429), ...reportErrors, 503: ErrorResponseSchema };

/**
 * Exports of a report (issue 32): a visual as CSV, a page as PNG or PDF drawn by the server; and
 * the public routes of the internal render page, whose render token is their only credential.
 */
export async function exportRoutes(app: FastifyInstance, files: ReportExports): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/reports/:slug/export/csv',
    {
      config: { guard: 'organization', reads: true },
      bodyLimit: BODY_LIMITS.reportQuery,
      schema: {
        tags,
        summary:
          "One visual's rows as CSV under the filters in effect (a table's every page, up to 10,000 rows); text cells starting with = + - @, a tab or a carriage return are prefixed with '",
        params: ReportSlugParamsSchema,
        body: VisualCsvRequestSchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...exportErrors },
      },
    },
    async (request, reply) => {
      const file = await answering(request, () =>
        files.csv(organizationOf(request), request.params.slug, request.body),
      );
      return sendFile(reply, file);
    },
  );

  api.post(
    '/reports/:slug/export/:format',
    {
      config: { guard: 'organization', reads: true },
      bodyLimit: BODY_LIMITS.reportState,
      schema: {
        tags,
        summary:
          "A page of the report under the state on screen, drawn by the server's Chromium at print quality: a full-page PNG at two device pixels per pixel, or a one-page PDF; 503 render_unavailable without a browser",
        params: PageExportParamsSchema,
        body: PageExportRequestSchema,
        produces: ['image/png', 'application/pdf'],
        response: { 200: z.any(), ...exportErrors },
      },
    },
    async (request, reply) => {
      const { page, state } = request.body;
      const file = await answering(request, () =>
        files.page(organizationOf(request), request.params.slug, {
          page,
          state,
          format: request.params.format,
        }),
      );
      return sendFile(reply, file);
    },
  );

  const renderErrors = { ...errorResponses(401, 404), 422: reportErrors[422], 502: ErrorResponseSchema };

  api.post(
    '/render/access',
    {
      config: { guard: 'public' },
      bodyLimit: BODY_LIMITS.reportState,
      schema: {
        tags: ['render'],
        summary:
          "The server's render page: the report of a render token (one page of one report of one organization, minted for a few minutes by an export), with that page alone and the state to draw",
        body: RenderAccessRequestSchema,
        response: { 200: EmbedAccessResponseSchema, ...renderErrors },
      },
    },
    async (request) => answering(request, () => files.renderAccess(request.body.token)),
  );

  api.post(
    '/render/query',
    {
      config: { guard: 'public' },
      bodyLimit: BODY_LIMITS.reportState,
      serializerCompiler: plainJsonSerializer,
      schema: {
        tags: ['render'],
        summary:
          "One visual of the render token's page under the token's state (the request's filters are replaced by the state's); 401 invalid_render_token for another page, or a token forged or expired",
        body: RenderQueryRequestSchema,
        response: { 200: ReportQueryResponseSchema, ...renderErrors },
      },
    },
    async (request) => {
      const { token, ...query } = request.body;
      return answering(request, () => files.renderQuery(token, query));
    },
  );
}
