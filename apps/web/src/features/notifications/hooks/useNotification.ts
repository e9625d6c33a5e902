import { useQuery } from '@tanstack/react-query';
import { notificationKeys } from '../api/keys';
import { getNotification } from '../api/notifications';

/** GET /notifications/{id}, when an id is given (the page opened from an e-mail's link). */
export function useNotification(organizationId: string, id: string | null) {
  return useQuery({
    queryKey: notificationKeys.item(organizationId, id ?? ''),
    queryFn: () => getNotification(organizationId, id ?? ''),
    enabled: id !== null,
    retry: false,
  });
}
