import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiKeyListResponseSchema,
  ApiKeyParamsSchema,
  CreateApiKeySchema,
  CreatedApiKeySchema,
  DatasetSqlRequestSchema,
  DatasetSqlResponseSchema,
  Ga4EmailsResponseSchema,
  NotificationTokenSchema,
  OrganizationIdParamsSchema,
  PostNotificationResponseSchema,
  PostNotificationSchema,
  RotateNotificationTokenSchema,
  RotatedNotificationTokenSchema,
  ShareDatasetResponseSchema,
  ShareDatasetSchema,
  SharedDatasetResponseSchema,
  UnshareDatasetQuerySchema,
} from '@maya/contracts';
import { authOf, datasetReaderOf, organizationOf } from '../../platform/guards';
import { errorResponses } from '../../platform/http';
import type { DevelopersService } from './service';

const tags = ['developers'];

/** Settings → Developers (spec 002 §7 Settings) and the notifications outside systems post. */
export async function developersRoutes(app: FastifyInstance, developers: DevelopersService): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const organization = { guard: 'organization' } as const;

  api.get(
    '/organizations/:id/api-keys',
    {
      config: organization,
      schema: {
        tags,
        summary: "The organization's API keys (never their secrets)",
        params: OrganizationIdParamsSchema,
        response: { 200: ApiKeyListResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ keys: await developers.keys.list(organizationOf(request)) }),
  );

  api.post(
    '/organizations/:id/api-keys',
    {
      config: organization,
      schema: {
        tags,
        summary: 'Create an API key; its secret `key` is in this answer only',
        params: OrganizationIdParamsSchema,
        body: CreateApiKeySchema,
        response: { 201: CreatedApiKeySchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await developers.keys.create(organizationOf(request), authOf(request), request.body)),
  );

  api.delete(
    '/organizations/:id/api-keys/:keyId',
    {
      config: organization,
      schema: {
        tags,
        summary: 'Revoke an API key: it is refused from the next request on',
        params: ApiKeyParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await developers.keys.revoke(organizationOf(request), authOf(request), request.params.keyId);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/organizations/:id/notification-token',
    {
      config: organization,
      schema: {
        tags,
        summary: "The organization's notification token as listed (404 before the first one)",
        params: OrganizationIdParamsSchema,
        response: { 200: NotificationTokenSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => developers.notificationToken(organizationOf(request)),
  );

  api.post(
    '/organizations/:id/notification-token',
    {
      config: organization,
      schema: {
        tags,
        summary: 'Make or rotate the notification token; the old one stops at once',
        params: OrganizationIdParamsSchema,
        body: RotateNotificationTokenSchema,
        response: { 200: RotatedNotificationTokenSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => developers.rotateNotificationToken(organizationOf(request), authOf(request)),
  );

  api.post(
    '/notifications',
    {
      // The notification token is the guard: checked by the service before anything is stored.
      config: { guard: 'public' },
      schema: {
        tags: ['notifications'],
        summary: "Post a notification to the token's organization (outside systems)",
        description:
          'Send `Authorization: Bearer <notification token>` (Settings → Developers → Notification token). ' +
          "The notification appears in the organization's bell, popup and notifications page.",
        security: [{ notificationToken: [] }],
        body: PostNotificationSchema,
        response: { 201: PostNotificationResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await developers.postNotification(request, request.body)),
  );

  api.get(
    '/organizations/:id/shared-dataset',
    {
      config: organization,
      schema: {
        tags,
        summary: 'The shared dataset: its name and who it is shared with',
        params: OrganizationIdParamsSchema,
        response: { 200: SharedDatasetResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => developers.sharedDataset(organizationOf(request)),
  );

  api.post(
    '/organizations/:id/shared-dataset',
    {
      config: organization,
      schema: {
        tags,
        summary: 'Share the dataset read-only with an e-mail (needs the plan’s database access)',
        params: OrganizationIdParamsSchema,
        body: ShareDatasetSchema,
        response: { 200: ShareDatasetResponseSchema, ...errorResponses(401, 403, 404, 502) },
      },
    },
    async (request) => developers.share(organizationOf(request), authOf(request), request.body),
  );

  api.delete(
    '/organizations/:id/shared-dataset',
    {
      config: organization,
      schema: {
        tags,
        summary: 'Unshare the dataset with an e-mail, at once',
        params: OrganizationIdParamsSchema,
        querystring: UnshareDatasetQuerySchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 502) },
      },
    },
    async (request, reply) => {
      await developers.unshare(organizationOf(request), authOf(request), request.query);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/organizations/:id/shared-dataset/sql',
    {
      // Members (and their API keys, read-only ones too: it only reads) and the people it is shared with.
      config: { guard: 'dataset', reads: true },
      schema: {
        tags,
        summary: 'Run one read-only SQL SELECT on the shared dataset',
        description:
          'For members of a plan with database access, their API keys, and the people the dataset is shared ' +
          'with (signed in). One SELECT (or WITH … SELECT) on the dataset’s tables (`analytics.*`): no ' +
          'writes, files, URLs, settings or other databases (400 `sql_refused`). At most `limit` rows ' +
          '(1 000; `truncated` says more matched) and 15 s (504 `sql_timeout`).',
        params: OrganizationIdParamsSchema,
        body: DatasetSqlRequestSchema,
        response: { 200: DatasetSqlResponseSchema, ...errorResponses(400, 401, 403, 404, 504) },
      },
    },
    async (request) => developers.querySharedDataset(datasetReaderOf(request), request.body),
  );

  api.get(
    '/organizations/:id/ga4-emails',
    {
      config: organization,
      schema: {
        tags,
        summary: 'The service-account e-mails to grant in Google Analytics 4',
        params: OrganizationIdParamsSchema,
        response: { 200: Ga4EmailsResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => developers.ga4Emails(organizationOf(request)),
  );
}
