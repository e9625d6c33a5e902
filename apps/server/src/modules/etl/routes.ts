import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EtlLogsSchema,
  EtlNextSchema,
  EtlOrganizationQuerySchema,
  EtlProgressSchema,
  EtlSettingsSchema,
  EtlSettingsUpdateSchema,
  EtlTablesSchema,
  EtlTriggerRequestSchema,
  EtlTriggerResponseSchema,
} from '@maya/contracts';
import { organizationOf } from '../../platform/guards';
import { errorResponses } from '../../platform/http';
import type { EtlService } from './service';

const tags = ['etl'];

/** spec 002 §7 ETL: progress, next ETL time, trigger and logs of the organization's data load. */
export async function etlRoutes(app: FastifyInstance, etl: EtlService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/etl/progress',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: 'The running (or last) data load: running, description and percent',
        querystring: EtlOrganizationQuerySchema,
        response: { 200: EtlProgressSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => etl.progress(organizationOf(request).organizationId),
  );

  api.get(
    '/etl/next',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: 'When the daily schedule loads next (null when the organization does not load data)',
        querystring: EtlOrganizationQuerySchema,
        response: { 200: EtlNextSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => etl.next(organizationOf(request).organizationId),
  );

  api.post(
    '/etl/trigger',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: 'Load data now: starts a run of every connected account (409 while one is running)',
        body: EtlTriggerRequestSchema,
        response: { 202: EtlTriggerResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const started = await etl.trigger(organizationOf(request).organizationId, 'manual');
      return reply.code(202).send(started);
    },
  );

  api.get(
    '/etl/logs',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: "The organization's data loads grouped by date, newest first",
        querystring: EtlOrganizationQuerySchema,
        response: { 200: EtlLogsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => etl.logs(organizationOf(request).organizationId),
  );

  api.get(
    '/etl/tables',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: "What the organization's warehouse holds for reports: each model table's rows and dates",
        querystring: EtlOrganizationQuerySchema,
        response: { 200: EtlTablesSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => etl.tables(organizationOf(request).organizationId),
  );

  api.get(
    '/etl/settings',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: "The organization's data-load settings: each service's look-back days",
        querystring: EtlOrganizationQuerySchema,
        response: { 200: EtlSettingsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => etl.settings(organizationOf(request)),
  );

  api.put(
    '/etl/settings',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: "Sets services' look-back days (null: the connector's default); administrators only",
        body: EtlSettingsUpdateSchema,
        response: { 200: EtlSettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => etl.updateSettings(organizationOf(request), request.body),
  );
}
