import type { Notification, NotificationPage, NotificationStatus } from '@maya/contracts';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { notificationKeys } from '../api/keys';
import { updateNotification } from '../api/notifications';

export type NotificationChange = { id: string; status?: NotificationStatus; pinned?: boolean };

/**
 * PATCH /notifications/{id}. The answer replaces the notification wherever it is cached, so the
 * list and preview change at once; then lists and counts are asked again, since a new status or
 * pin moves the notification between filters and places.
 */
export function useUpdateNotification(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: notificationKeys.update(organizationId),
    mutationFn: ({ id, ...change }: NotificationChange) => updateNotification(organizationId, id, change),
    onSuccess: ({ updated_notification: updated }) => {
      const replace = (item: Notification) => (item.id === updated.id ? updated : item);
      queryClient.setQueriesData<InfiniteData<NotificationPage>>(
        { queryKey: notificationKeys.lists(organizationId) },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({ ...page, notifications: page.notifications.map(replace) })),
          },
      );
      queryClient.setQueryData(notificationKeys.item(organizationId, updated.id), updated);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists(organizationId) });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.counts(organizationId) });
    },
  });
}
