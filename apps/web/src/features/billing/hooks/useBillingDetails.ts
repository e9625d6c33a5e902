import { useQuery } from '@tanstack/react-query';
import { billingKeys } from '../api/keys';
import { getBillingDetails } from '../api/billing';

/** GET /billing/details. */
export function useBillingDetails(organizationId: string) {
  return useQuery({
    queryKey: billingKeys.details(organizationId),
    queryFn: () => getBillingDetails(organizationId),
  });
}
