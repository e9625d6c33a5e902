import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionKeys } from '../api/keys';
import { linkSubscription } from '../api/subscriptions';

/** POST /subscriptions/mona/link/{id} {organization_id}. */
export function useLinkSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { subscriptionId: string; organizationId: string }) => linkSubscription(request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}
