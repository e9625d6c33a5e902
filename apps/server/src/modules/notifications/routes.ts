import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  countStatuses,
  NotificationCountQuerySchema,
  NotificationCountSchema,
  NotificationIdParamsSchema,
  NotificationListQuerySchema,
  NotificationOrganizationQuerySchema,
  NotificationPageSchema,
  NotificationRefreshQuerySchema,
  NotificationRefreshResponseSchema,
  NotificationSchema,
  UpdateNotificationResponseSchema,
  UpdateNotificationSchema,
} from '@maya/contracts';
import { authOf, organizationOf } from '../../platform/guards';
import { errorResponses } from '../../platform/http';
import type { NotificationsService } from './service';

const tags = ['notifications'];

/** spec 002 §7 Notifications: list (filtered, paged), update, refresh and count, per member. */
export async function notificationsRoutes(
  app: FastifyInstance,
  notifications: NotificationsService,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/notifications',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: "One page of the caller's notifications: pinned, persistent, unread, then newest first",
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      notifications.list(organizationOf(request), authOf(request), {
        filter: request.query.status,
        cursor: request.query.cursor ?? null,
        limit: request.query.limit,
      }),
  );

  api.get(
    '/notifications/refresh',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: 'The notifications created after `date`, newest first (the 12 s poll)',
        querystring: NotificationRefreshQuerySchema,
        response: { 200: NotificationRefreshResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      notifications: await notifications.refresh(
        organizationOf(request),
        authOf(request),
        new Date(request.query.date),
        request.query.limit,
      ),
    }),
  );

  api.get(
    '/notifications/count',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: "How many of the caller's notifications have one of the statuses (unread by default)",
        querystring: NotificationCountQuerySchema,
        response: { 200: NotificationCountSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      count: await notifications.count(
        organizationOf(request),
        authOf(request),
        countStatuses(request.query.status),
      ),
    }),
  );

  api.get(
    '/notifications/:id',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: "One notification with the caller's status and pin",
        params: NotificationIdParamsSchema,
        querystring: NotificationOrganizationQuerySchema,
        response: { 200: NotificationSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => notifications.get(organizationOf(request), authOf(request), request.params.id),
  );

  api.patch(
    '/notifications/:id',
    {
      config: { guard: 'organization' },
      schema: {
        tags,
        summary: "Sets the caller's status (unread, read, archived) and/or pin of a notification",
        params: NotificationIdParamsSchema,
        body: UpdateNotificationSchema,
        response: { 200: UpdateNotificationResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      updated_notification: await notifications.update(
        organizationOf(request),
        authOf(request),
        request.params.id,
        { status: request.body.status, pinned: request.body.pinned },
      ),
    }),
  );
}
