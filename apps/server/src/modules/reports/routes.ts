import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateCustomReportRequestSchema,
  CreateCustomReportResponseSchema,
  ErrorResponseSchema,
  FilterOptionsRequestSchema,
  FilterOptionsResponseSchema,
  ReportAccessResponseSchema,
  ReportListResponseSchema,
  ReportOrganizationQuerySchema,
  ReportQueryRequestSchema,
  ReportQueryResponseSchema,
  ReportSlugParamsSchema,
  ValidationErrorResponseSchema,
} from '@maya/contracts';
import { isWarehouseError } from '@maya/warehouse';
import { z } from 'zod';
import { authOf, organizationOf } from '../../platform/guards';
import { BODY_LIMITS, errorResponses, plainJsonSerializer } from '../../platform/http';
import { ReportNameTaken, toAppError } from './errors';
import type { ReportsService } from './service';

const tags = ['reports'];

/**
 * What a report call may answer besides success: 404 for a report or organization that does not
 * exist and workspace_not_setup; 422 for a malformed request (the validation list) or one the
 * report's model cannot answer (`{detail: {type}}`); 502 and 504 when the warehouse fails.
 */
export const reportErrors = {
  ...errorResponses(401, 403, 404),
  422: z.union([ValidationErrorResponseSchema, ErrorResponseSchema]),
  502: ErrorResponseSchema,
  504: ErrorResponseSchema,
};

/** The engine's failures as API errors; the warehouse's own message goes to the log. */
export async function answering<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isWarehouseError(error)) request.log.warn({ err: error }, 'report query failed in the warehouse');
    throw toAppError(error);
  }
}

/**
 * spec 002 §7 Embed: the reports list, report access, filter options; the visuals' query; saving
 * and deleting custom reports (§2 Report save-as dialog). Embedding: embed-grant-routes.ts.
 */
export async function reportsRoutes(app: FastifyInstance, reports: ReportsService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/reports',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary:
          "The organization's reports: the built-in -maya and -seo-v1 (and -demo in a demo organization), then its custom reports by name",
        querystring: ReportOrganizationQuerySchema,
        response: { 200: ReportListResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => reports.list(organizationOf(request)),
  );

  // Registered before /reports/{slug}; a static path wins over the parameter, and the slug is reserved.
  api.get(
    '/reports/filter-values',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary:
          "A list filter's values (datasetId, table, column), a page at a time through an opaque cursor",
        querystring: FilterOptionsRequestSchema,
        response: { 200: FilterOptionsResponseSchema, ...reportErrors },
      },
    },
    async (request) => {
      const { organization_id: _organizationId, ...page } = request.query;
      return answering(request, () => reports.filterValues(organizationOf(request).organizationId, page));
    },
  );

  api.get(
    '/reports/:slug',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary:
          'A report: its embed fields, its document (pages, visuals, filters) and the last day of its data; 404 workspace_not_setup before the first load',
        params: ReportSlugParamsSchema,
        querystring: ReportOrganizationQuerySchema,
        response: { 200: ReportAccessResponseSchema, ...reportErrors },
      },
    },
    async (request) => answering(request, () => reports.access(organizationOf(request), request.params.slug)),
  );

  api.post(
    '/reports',
    {
      config: { guard: 'organization' },
      bodyLimit: BODY_LIMITS.reportState, // the encoded state on screen
      schema: {
        tags,
        summary:
          "Save as: the view on screen (the source report under the encoded state) saved as a new custom report; owners and admins only. 422 on the name field: 'Required', 'Report name cannot start with dash (-)', 'Duplicate or reserved name'",
        body: CreateCustomReportRequestSchema,
        response: { 201: CreateCustomReportResponseSchema, ...reportErrors },
      },
    },
    async (request, reply) => {
      const { organization_id: _organizationId, ...report } = request.body;
      try {
        const created = await answering(request, () =>
          reports.create(organizationOf(request), authOf(request).userId, report),
        );
        return reply.status(201).send(created);
      } catch (error) {
        if (error instanceof ReportNameTaken) return reply.status(422).send({ detail: error.issues });
        throw error;
      }
    },
  );

  api.delete(
    '/reports/:slug',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: 'Deletes a custom report (owners, admins, or who saved it); the built-ins answer 400',
        params: ReportSlugParamsSchema,
        querystring: ReportOrganizationQuerySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await reports.remove(organizationOf(request), authOf(request).userId, request.params.slug);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/reports/:slug/query',
    {
      // Reads only: open to read-only API keys.
      config: { guard: 'organization', reads: true },
      bodyLimit: BODY_LIMITS.reportQuery, // list filters of many values
      serializerCompiler: plainJsonSerializer,
      schema: {
        tags,
        summary:
          "One visual of a report page under the filters in effect, run on the organization's warehouse (cached until the next load)",
        params: ReportSlugParamsSchema,
        body: ReportQueryRequestSchema,
        response: { 200: ReportQueryResponseSchema, ...reportErrors },
      },
    },
    async (request) => {
      const { organization_id: _organizationId, ...query } = request.body;
      return answering(request, () => reports.query(organizationOf(request), request.params.slug, query));
    },
  );
}
