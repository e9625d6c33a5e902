import { useQuery } from '@tanstack/react-query';
import { billingKeys } from '../api/keys';
import { getEntitlements } from '../api/billing';

/** GET /entitlements: the one answer the banners read (invalidated with `billingKeys.all`). */
export function useEntitlements(organizationId: string) {
  return useQuery({
    queryKey: billingKeys.entitlements(organizationId),
    queryFn: () => getEntitlements(organizationId),
  });
}
