import type { BillingDetails } from '@maya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingKeys } from '../api/keys';
import { saveBillingDetails } from '../api/billing';

/** PUT /billing/details. */
export function useSaveBillingDetails(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: BillingDetails) => saveBillingDetails(organizationId, details),
    onSuccess: (saved) => queryClient.setQueryData(billingKeys.details(organizationId), saved),
  });
}
