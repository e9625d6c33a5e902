import { operations, type Notification } from '@maya/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { notificationKeys } from '../api/keys';
import { refreshNotifications } from '../api/notifications';

const EPOCH = new Date(0).toISOString();

/** The newest notification that arrived while polling (not the one polling started from). */
export type NotificationPoll = { latest: Notification | null };

/**
 * Asks for newer notifications every 12 s (spec 002 §5, §9) through GET /notifications/refresh.
 * The first call only finds where to start: the newest notification's created_at (the server's
 * clock, so a client clock that is off loses or repeats nothing). Each later call answers the
 * notifications created since the newest seen; when there are some, lists and counts are stale.
 */
export function useNotificationPoll(organizationId: string) {
  const queryClient = useQueryClient();
  const since = useRef<string | null>(null);
  const queryKey = notificationKeys.poll(organizationId);
  return useQuery({
    queryKey,
    queryFn: async (): Promise<NotificationPoll> => {
      const starting = since.current === null;
      const { notifications } = await refreshNotifications(
        organizationId,
        since.current ?? EPOCH,
        starting ? 1 : undefined,
      );
      since.current = notifications[0]?.created_at ?? since.current ?? EPOCH;
      const newest = notifications[0];
      if (starting || newest === undefined)
        return { latest: queryClient.getQueryData<NotificationPoll>(queryKey)?.latest ?? null };
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists(organizationId) });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.counts(organizationId) });
      return { latest: newest };
    },
    refetchInterval: operations.notificationPollMs,
    // Each answer is news once: a remount must not show it again from the cache.
    gcTime: 0,
    retry: false,
  });
}
