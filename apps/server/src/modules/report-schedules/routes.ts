import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateReportScheduleRequestSchema,
  ReportOrganizationQuerySchema,
  ReportScheduleListResponseSchema,
  ReportScheduleParamsSchema,
  ReportScheduleSchema,
  ReportSlugParamsSchema,
  SendScheduleResponseSchema,
} from '@maya/contracts';
import { z } from 'zod';
import { authOf, organizationOf } from '../../platform/guards';
import { BODY_LIMITS, errorResponses } from '../../platform/http';
import { answering, reportErrors } from '../reports';
import type { SchedulesService } from './service';

const tags = ['report schedules'];

/**
 * Scheduled delivery (issue 32): a report or a bookmark of it mailed as PDF daily, weekly or
 * monthly at an hour of its recipients' time zone; members send to members, owners and admins
 * also outside the organization (403 outside_recipient_not_allowed otherwise).
 */
export async function scheduleRoutes(app: FastifyInstance, schedules: SchedulesService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/reports/:slug/schedules',
    {
      config: { guard: 'organization' },
      bodyLimit: BODY_LIMITS.reportState,
      schema: {
        tags,
        summary:
          "Schedules the report (or a bookmark's view of it) to be mailed as PDF: daily, weekly on `weekday` or monthly on `month_day`, at `hour` in `time_zone`; 422 invalid_time_zone",
        params: ReportSlugParamsSchema,
        body: CreateReportScheduleRequestSchema,
        response: { 201: ReportScheduleSchema, ...errorResponses(403), ...reportErrors },
      },
    },
    async (request, reply) => {
      const { organization_id: _organizationId, ...schedule } = request.body;
      const created = await answering(request, () =>
        schedules.create(organizationOf(request), authOf(request), request.params.slug, schedule),
      );
      return reply.status(201).send(created);
    },
  );

  api.get(
    '/reports/:slug/schedules',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: "The report's schedules the caller made (an owner's or admin's: everyone's), soonest first",
        params: ReportSlugParamsSchema,
        querystring: ReportOrganizationQuerySchema,
        response: { 200: ReportScheduleListResponseSchema, ...reportErrors },
      },
    },
    async (request) =>
      answering(request, () => schedules.list(organizationOf(request), authOf(request), request.params.slug)),
  );

  api.delete(
    '/reports/:slug/schedules/:schedule_id',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: 'Deletes a schedule (its creator, an owner or an admin); 404 report_schedule_not_found',
        params: ReportScheduleParamsSchema,
        querystring: ReportOrganizationQuerySchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { slug, schedule_id } = request.params;
      await schedules.remove(organizationOf(request), authOf(request), slug, schedule_id);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/reports/:slug/schedules/:schedule_id/send',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary:
          'Queues one delivery of the schedule now (its calendar unchanged); the mail follows in seconds',
        params: ReportScheduleParamsSchema,
        body: ReportOrganizationQuerySchema,
        response: { 202: SendScheduleResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { slug, schedule_id } = request.params;
      await schedules.sendNow(organizationOf(request), authOf(request), slug, schedule_id);
      return reply.status(202).send({ queued: true });
    },
  );
}
