import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CompetitionReportParamsSchema,
  CompetitionReportQuerySchema,
  CompetitionReportResponseSchema,
  CompetitionReportsQuerySchema,
  CompetitionReportsResponseSchema,
  DeleteCompetitionReportQuerySchema,
  GoogleSearchCountriesResponseSchema,
  RunCompetitionReportRequestSchema,
  SaveCompetitionReportRequestSchema,
  ValidationErrorResponseSchema,
} from '@maya/contracts';
import { organizationOf } from '../../platform/guards';
import { errorResponses } from '../../platform/http';
import type { CompetitorsService } from './service';

const tags = ['competitors'];
const guard = { guard: 'organization' as const };
const invalid = { 422: ValidationErrorResponseSchema };

/**
 * spec 001 §7 Competition reports: GET/PUT/DELETE /competition_reports (list with an optional
 * filter column, one by id, save, delete), GET /google_search_countries; and a run now.
 */
export async function competitorsRoutes(app: FastifyInstance, service: CompetitorsService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/google_search_countries',
    {
      config: { guard: 'user' },
      schema: {
        tags,
        summary: 'The countries a competition report can look at (code, name)',
        response: { 200: GoogleSearchCountriesResponseSchema, ...errorResponses(401) },
      },
    },
    async () => service.countries(),
  );

  api.get(
    '/competition_reports',
    {
      config: guard,
      schema: {
        tags,
        summary:
          "The organization's competition reports (optionally of one filter column) and the filter columns",
        querystring: CompetitionReportsQuerySchema,
        response: { 200: CompetitionReportsResponseSchema, ...errorResponses(401, 403, 404), ...invalid },
      },
    },
    async (request) =>
      service.list(organizationOf(request).organizationId, request.query.filter_column ?? null),
  );

  api.get(
    '/competition_reports/:report_id',
    {
      config: guard,
      schema: {
        tags,
        summary: 'One competition report with its last computation',
        params: CompetitionReportParamsSchema,
        querystring: CompetitionReportQuerySchema,
        response: { 200: CompetitionReportResponseSchema, ...errorResponses(401, 403, 404), ...invalid },
      },
    },
    async (request) => ({
      report: await service.get(organizationOf(request).organizationId, request.params.report_id),
    }),
  );

  api.put(
    '/competition_reports',
    {
      config: guard,
      schema: {
        tags,
        summary:
          'Creates or updates a competition report (country, account, column and value required) and queues its computation',
        body: SaveCompetitionReportRequestSchema,
        response: { 200: CompetitionReportResponseSchema, ...errorResponses(401, 403, 404), ...invalid },
      },
    },
    async (request) => ({ report: await service.save(organizationOf(request), request.body) }),
  );

  api.delete(
    '/competition_reports/:report_id',
    {
      config: guard,
      schema: {
        tags,
        summary: 'Deletes a competition report and its computed shares',
        params: CompetitionReportParamsSchema,
        querystring: DeleteCompetitionReportQuerySchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404), ...invalid },
      },
    },
    async (request, reply) => {
      await service.remove(organizationOf(request), request.params.report_id);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/competition_reports/:report_id/run',
    {
      config: guard,
      schema: {
        tags,
        summary: 'Queues a computation of the report now (the monthly schedule does the same)',
        params: CompetitionReportParamsSchema,
        body: RunCompetitionReportRequestSchema,
        response: { 202: CompetitionReportResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send({ report: await service.runNow(organizationOf(request), request.params.report_id) }),
  );
}
