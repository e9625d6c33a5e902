import { operations, type NotificationFilter } from '@maya/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { notificationKeys } from '../api/keys';
import { listNotifications } from '../api/notifications';

/** GET /notifications, page after page (spec 002 §5: paged by 10) through `next_page`. */
export function useNotificationList(
  organizationId: string,
  filter: NotificationFilter,
  limit: number = operations.notificationPageSize,
) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(organizationId, filter, limit),
    queryFn: ({ pageParam }) =>
      listNotifications(organizationId, { status: filter, cursor: pageParam, limit }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_page,
  });
}
