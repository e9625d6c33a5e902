import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getNotificationToken, rotateNotificationToken } from '../api/developers';
import { developersKeys } from '../api/keys';

/** GET /organizations/{id}/notification-token; null before the first one. */
export function useNotificationToken(organizationId: string) {
  return useQuery({
    queryKey: developersKeys.notificationToken(organizationId),
    queryFn: () => getNotificationToken(organizationId),
  });
}

/** POST /organizations/{id}/notification-token: makes or rotates it. */
export function useRotateNotificationToken(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rotateNotificationToken(organizationId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: developersKeys.notificationToken(organizationId) }),
  });
}
