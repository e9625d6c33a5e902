import { NotificationSchema, type Notification } from '@maya/contracts';
import { organizationPath } from '../organizations';

/** The query parameter that opens one notification on the page (the e-mail's link). */
export const PRESELECT_PARAM = 'notification';

/** Router state of a visit to the page with an item preselected (spec 002 Notifications). */
export type NotificationsPageState = { notification: Notification };

export function notificationsPath(organizationSlug: string): string {
  return organizationPath(organizationSlug, 'notifications');
}

/** The preselected notification a navigation carries, or null. */
export function preselectedNotification(state: unknown): Notification | null {
  if (typeof state !== 'object' || state === null || !('notification' in state)) return null;
  return NotificationSchema.safeParse(state.notification).data ?? null;
}
