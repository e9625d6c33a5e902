import { useQuery } from '@tanstack/react-query';
import { subscriptionKeys } from '../api/keys';
import { getSubscriptionDetails } from '../api/subscriptions';

/** GET /subscriptions/mona/details/{id}; failures read with subscriptionErrorMessage('details', error). */
export function useSubscriptionDetails(subscriptionId: string | null) {
  return useQuery({
    queryKey: subscriptionKeys.details(subscriptionId ?? ''),
    queryFn: () => getSubscriptionDetails(subscriptionId ?? ''),
    enabled: subscriptionId !== null,
  });
}
