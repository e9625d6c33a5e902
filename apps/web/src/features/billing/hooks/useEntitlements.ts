import { useQuery } from '@tanstack/react-query';
import { billingKeys } from '../api/keys';
import { getEntitlements } from '../api/billing';

/**
 * GET /entitlements: the one answer the banners and the expired-ETL warning read (invalidated
 * with `billingKeys.all`); nothing is asked without an organization.
 */
export function useEntitlements(organizationId: string) {
  return useQuery({
    queryKey: billingKeys.entitlements(organizationId),
    queryFn: () => getEntitlements(organizationId),
    enabled: organizationId !== '',
  });
}
