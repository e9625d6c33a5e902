import {
  NotificationCountSchema,
  NotificationPageSchema,
  NotificationRefreshResponseSchema,
  NotificationSchema,
  UpdateNotificationResponseSchema,
  type Notification,
  type NotificationCount,
  type NotificationFilter,
  type NotificationPage,
  type NotificationRefreshResponse,
  type NotificationStatus,
  type UpdateNotificationResponse,
} from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

/** GET /notifications: one page of the filter, `cursor` the previous page's `next_page`. */
export function listNotifications(
  organizationId: string,
  options: { status: NotificationFilter; cursor: string | null; limit?: number },
  client: ApiClient = apiClient,
): Promise<NotificationPage> {
  return client.get('/notifications', {
    query: {
      organization_id: organizationId,
      status: options.status,
      cursor: options.cursor,
      limit: options.limit,
    },
    parse: (data) => NotificationPageSchema.parse(data),
  });
}

/** GET /notifications/{id}: one notification (the page opened from an e-mail's link). */
export function getNotification(
  organizationId: string,
  id: string,
  client: ApiClient = apiClient,
): Promise<Notification> {
  return client.get(`/notifications/${encodeURIComponent(id)}`, {
    query: { organization_id: organizationId },
    parse: (data) => NotificationSchema.parse(data),
  });
}

/** PATCH /notifications/{id}: the caller's status and/or pin. */
export function updateNotification(
  organizationId: string,
  id: string,
  change: { status?: NotificationStatus; pinned?: boolean },
  client: ApiClient = apiClient,
): Promise<UpdateNotificationResponse> {
  return client.patch(`/notifications/${encodeURIComponent(id)}`, {
    body: { organization_id: organizationId, ...change },
    parse: (data) => UpdateNotificationResponseSchema.parse(data),
  });
}

/** GET /notifications/refresh: those created after `date`, newest first (at most `limit`). */
export function refreshNotifications(
  organizationId: string,
  date: string,
  limit?: number,
  client: ApiClient = apiClient,
): Promise<NotificationRefreshResponse> {
  return client.get('/notifications/refresh', {
    query: { organization_id: organizationId, date, limit },
    parse: (data) => NotificationRefreshResponseSchema.parse(data),
  });
}

/** GET /notifications/count: how many have one of the statuses. */
export function countNotifications(
  organizationId: string,
  statuses: NotificationStatus[],
  client: ApiClient = apiClient,
): Promise<NotificationCount> {
  return client.get('/notifications/count', {
    query: { organization_id: organizationId, status: statuses.join(',') },
    parse: (data) => NotificationCountSchema.parse(data),
  });
}
