import { useQuery } from '@tanstack/react-query';
import { subscriptionKeys } from '../api/keys';
import { checkSubscriptionExists } from '../api/subscriptions';

/** GET /subscriptions/mona/check/{id}; failures read with subscriptionErrorMessage('check', error). */
export function useSubscriptionExists(subscriptionId: string | null) {
  return useQuery({
    queryKey: subscriptionKeys.exists(subscriptionId ?? ''),
    queryFn: () => checkSubscriptionExists(subscriptionId ?? ''),
    enabled: subscriptionId !== null,
  });
}
