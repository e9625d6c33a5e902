import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ReportOrganizationQuerySchema,
  ReportSlugParamsSchema,
  ReportVersionParamsSchema,
  ReportVersionsResponseSchema,
  RestoreReportVersionRequestSchema,
  SaveReportDocumentRequestSchema,
  SavedReportVersionResponseSchema,
} from '@maya/contracts';
import { authOf, organizationOf } from '../../platform/guards';
import { BODY_LIMITS, errorResponses } from '../../platform/http';
import { answering, reportErrors } from './routes';
import type { ReportsService } from './service';

const tags = ['reports'];

/** Edit mode (issue 32): save a custom report's document as its next version, list, restore. */
export async function reportVersionRoutes(
  app: FastifyInstance,
  versions: ReportsService['versions'],
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/reports/:slug/document',
    {
      config: { guard: 'organization' },
      bodyLimit: BODY_LIMITS.reportDocument,
      schema: {
        tags,
        summary:
          'Saves the edited document of a custom report as its next version (owners and admins); 409 report_version_conflict when base_version is not the newest, 400 for a built-in (save a copy first)',
        params: ReportSlugParamsSchema,
        body: SaveReportDocumentRequestSchema,
        response: { 200: SavedReportVersionResponseSchema, ...errorResponses(400, 409), ...reportErrors },
      },
    },
    async (request) => {
      const { document, base_version } = request.body;
      return answering(request, () =>
        versions.save(organizationOf(request), authOf(request).userId, request.params.slug, {
          document,
          base_version,
        }),
      );
    },
  );

  api.get(
    '/reports/:slug/versions',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: "A custom report's versions, newest first, with who saved each and when",
        params: ReportSlugParamsSchema,
        querystring: ReportOrganizationQuerySchema,
        response: { 200: ReportVersionsResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => versions.list(organizationOf(request), request.params.slug),
  );

  api.post(
    '/reports/:slug/versions/:version/restore',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary:
          'Saves an earlier version again as the newest (owners and admins); 409 report_version_conflict when base_version is not the newest',
        params: ReportVersionParamsSchema,
        body: RestoreReportVersionRequestSchema,
        response: { 200: SavedReportVersionResponseSchema, ...errorResponses(400, 409), ...reportErrors },
      },
    },
    async (request) =>
      answering(request, () =>
        versions.restore(
          organizationOf(request),
          authOf(request).userId,
          request.params.slug,
          Number(request.params.version),
          request.body.base_version,
        ),
      ),
  );
}
