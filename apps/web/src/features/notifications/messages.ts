import { NotificationErrorType, type NotificationFilter, type NotificationType } from '@maya/contracts';
import { isApiError } from '../../shared/api/ApiError';
import { describeApiError } from '../../shared/api/describeError';

/** Every user-visible text of the notifications area (spec 002 Notifications, §3, §8), verbatim where the spec has one. */
export const notificationMessages = {
  title: 'All notifications',
  bell: 'Notifications',
  filters: { all: 'All', unread: 'Unread', read: 'Read', archived: 'Archived' } satisfies Record<
    NotificationFilter,
    string
  >,
  types: {
    info: 'Info',
    error: 'Error',
    warning: 'Warning',
    success: 'Success',
    persistent: 'Persistent',
  } satisfies Record<NotificationType, string>,
  sentOn: 'Sent on',
  loadingNotification: 'Loading the notification',
  latestUnread: 'Latest Unread',
  previous: 'Previous',
  seeAll: 'See all',
  newNotification: 'New notification',
  close: 'Close',
  pinned: 'Pinned',
  pin: 'Pin',
  unpin: 'Unpin',
  archive: 'Archive',
  unarchive: 'Unarchive',
  markRead: 'Mark as read',
  markUnread: 'Mark as unread',
  back: 'Back to notifications',
  selectPrompt: 'Select a notification to read it here.',
  actionPending: 'This notification stays unread until its action is done.',
  persistentNote: 'Persistent notifications cannot be archived, only pinned or unpinned.',
  loadMore: 'Load more',
  empty: {
    all: 'You have no notifications.',
    unread: 'You have no unread notifications.',
    read: 'You have no read notifications.',
    archived: 'You have no archived notifications.',
  } satisfies Record<NotificationFilter, string>,
  panelEmpty: { unread: 'Nothing new.', read: 'No earlier notifications.' },
  /** spec 002 §8: a 404. */
  invalidOrganization: 'Invalid organization',
  invalidNotification: 'Invalid notification',
} as const;

/** The unread badge: the count, capped so it stays a badge. */
export function unreadBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}

export type NotificationOperation = 'getting' | 'updating' | 'refreshing';

/**
 * spec 002 §8: a 404 gives 'Invalid organization' (or 'Invalid notification'); other errors with
 * a detail type give 'Error getting/updating/refreshing notifications for organization: {type}'.
 */
export function notificationErrorMessage(error: unknown, operation: NotificationOperation): string {
  if (!isApiError(error)) return describeApiError(error);
  if (error.status === 404) {
    return error.type === NotificationErrorType.notFound
      ? notificationMessages.invalidNotification
      : notificationMessages.invalidOrganization;
  }
  if (error.detail !== null) return `Error ${operation} notifications for organization: ${error.detail.type}`;
  return describeApiError(error);
}
