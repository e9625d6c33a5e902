import { useQuery } from '@tanstack/react-query';
import { subscriptionKeys } from '../api/keys';
import { checkUserSubscriptions } from '../api/subscriptions';

/** GET /user/subscriptions/check: whether the user holds a marketplace subscription to link. */
export function useSubscriptionCheck({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: subscriptionKeys.userCheck(),
    queryFn: () => checkUserSubscriptions(),
    enabled,
    refetchOnWindowFocus: false,
  });
}
