import type { NotificationStatus } from '@maya/contracts';
import { useQuery } from '@tanstack/react-query';
import { notificationKeys } from '../api/keys';
import { countNotifications } from '../api/notifications';

const UNREAD: NotificationStatus[] = ['unread'];

/** GET /notifications/count: the bell's badge (unread by default). */
export function useNotificationCount(organizationId: string, statuses: NotificationStatus[] = UNREAD) {
  return useQuery({
    queryKey: notificationKeys.count(organizationId, statuses),
    queryFn: () => countNotifications(organizationId, statuses),
  });
}
