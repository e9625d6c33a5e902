import { z } from 'zod/mini';
import { operations } from './constants';
import { storableDateTimeSchema } from './validation';

/**
 * Notifications (spec 002 Notifications, §3 Notification, §5, §7 Notifications, §8): what an
 * organization is told (a failed data load, say), with each member's own read state.
 */

export const NotificationErrorType = {
  /** spec 002 §8: a 404 on a notification shows 'Invalid notification'. */
  notFound: 'notification_not_found',
  /** spec 002 §5: persistent notifications cannot be archived, only pinned or unpinned. */
  notArchivable: 'notification_not_archivable',
  /** spec 002 §5: a persistent notification becomes read only once its action is fulfilled. */
  actionUnfulfilled: 'notification_action_unfulfilled',
  /** Archived goes back to read on unarchive; it cannot jump back to unread. */
  invalidStatus: 'notification_invalid_status',
  /** The list's cursor is not one the server gave. */
  invalidCursor: 'notification_invalid_cursor',
} as const;
export type NotificationErrorType = (typeof NotificationErrorType)[keyof typeof NotificationErrorType];

export const NotificationTypeSchema = z.enum(['error', 'info', 'success', 'warning', 'persistent']);
export type NotificationType = z.infer<typeof NotificationTypeSchema>;

export const NotificationStatusSchema = z.enum(['unread', 'read', 'archived']);
export type NotificationStatus = z.infer<typeof NotificationStatusSchema>;

/** The read filters (spec 002 §3): a status, or all that are not archived (docs/decisions.md). */
export const NotificationFilterSchema = z.enum(['all', 'unread', 'read', 'archived']);
export type NotificationFilter = z.infer<typeof NotificationFilterSchema>;

/** What a notification asks of the organization; `fulfilled` once done (spec 002 §3). */
export const NotificationActionSchema = z.object({
  status: z.enum(['unfulfilled', 'fulfilled']),
  label: z.string(),
  /** A path inside the product (`/organization/acme/sources`) or null. */
  url: z.nullable(z.string()),
});
export type NotificationAction = z.infer<typeof NotificationActionSchema>;

/** A notification as one member sees it: status and pinned are theirs. */
export const NotificationSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  created_at: z.iso.datetime(),
  type: NotificationTypeSchema,
  status: NotificationStatusSchema,
  pinned: z.boolean(),
  action: z.nullable(NotificationActionSchema),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** GET /notifications: one page, pinned first (docs/decisions.md), `next_page` the next cursor. */
export const NotificationListQuerySchema = z.object({
  organization_id: z.uuid(),
  status: z._default(NotificationFilterSchema, 'all'),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(operations.notificationPageSize)),
    operations.notificationPageSize,
  ),
});
export const NotificationPageSchema = z.object({
  notifications: z.array(NotificationSchema),
  next_page: z.nullable(z.string()),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const NotificationIdParamsSchema = z.object({ id: z.uuid() });
/** GET /notifications/{id}: one notification (the page opened from an e-mail's link). */
export const NotificationOrganizationQuerySchema = z.object({ organization_id: z.uuid() });

/** PATCH /notifications/{id}: a new status, pinned, or both. */
export const UpdateNotificationSchema = z
  .object({
    organization_id: z.uuid(),
    status: z.optional(NotificationStatusSchema),
    pinned: z.optional(z.boolean()),
  })
  .check(
    z.refine((body) => body.status !== undefined || body.pinned !== undefined, {
      message: 'Give status or pinned',
    }),
  );
export type UpdateNotification = z.infer<typeof UpdateNotificationSchema>;
export const UpdateNotificationResponseSchema = z.object({
  success: z.literal(true),
  updated_notification: NotificationSchema,
});
export type UpdateNotificationResponse = z.infer<typeof UpdateNotificationResponseSchema>;

/** At most this many notifications answer one refresh (the newest). */
export const NOTIFICATION_REFRESH_LIMIT = 100;

/**
 * GET /notifications/refresh: the notifications created after `date`, newest first. A client
 * starting to poll asks `limit=1` from the epoch: the newest one, its starting point.
 */
export const NotificationRefreshQuerySchema = z.object({
  organization_id: z.uuid(),
  date: storableDateTimeSchema({ offset: true }),
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(NOTIFICATION_REFRESH_LIMIT)),
    NOTIFICATION_REFRESH_LIMIT,
  ),
});
export const NotificationRefreshResponseSchema = z.object({ notifications: z.array(NotificationSchema) });
export type NotificationRefreshResponse = z.infer<typeof NotificationRefreshResponseSchema>;

/** GET /notifications/count: how many have one of the statuses (comma-separated; unread by default). */
export const NotificationCountQuerySchema = z.object({
  organization_id: z.uuid(),
  status: z._default(
    z
      .string()
      .check(
        z.regex(
          /^(unread|read|archived)(,(unread|read|archived))*$/,
          'statuses among unread, read, archived',
        ),
      ),
    'unread',
  ),
});
export const NotificationCountSchema = z.object({ count: z.int().check(z.minimum(0)) });
export type NotificationCount = z.infer<typeof NotificationCountSchema>;

/** The statuses of a count query (`unread,read` → ['unread', 'read']), without repeats. */
export function countStatuses(value: string): NotificationStatus[] {
  return [...new Set(value.split(','))].map((status) => NotificationStatusSchema.parse(status));
}
