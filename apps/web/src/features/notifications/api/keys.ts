import type { NotificationFilter, NotificationStatus } from '@maya/contracts';

/** Query and mutation keys of the notifications area: invalidate through these, never a hand-typed key. */
export const notificationKeys = {
  all: ['notifications'] as const,
  organization: (organizationId: string) => [...notificationKeys.all, organizationId] as const,
  /** Every list and count: what a change of status or a new notification makes stale. */
  lists: (organizationId: string) => [...notificationKeys.organization(organizationId), 'list'] as const,
  list: (organizationId: string, filter: NotificationFilter, limit: number) =>
    [...notificationKeys.lists(organizationId), filter, limit] as const,
  counts: (organizationId: string) => [...notificationKeys.organization(organizationId), 'count'] as const,
  count: (organizationId: string, statuses: NotificationStatus[]) =>
    [...notificationKeys.counts(organizationId), statuses.join(',')] as const,
  item: (organizationId: string, id: string) =>
    [...notificationKeys.organization(organizationId), 'item', id] as const,
  poll: (organizationId: string) => [...notificationKeys.organization(organizationId), 'poll'] as const,
  update: (organizationId: string) => [...notificationKeys.organization(organizationId), 'update'] as const,
};
