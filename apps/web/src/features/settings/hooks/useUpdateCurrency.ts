import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKeys, updateOrganization } from '../../organizations';
import { reportKeys } from '../../reports';

/**
 * PATCH /organizations/{id} {currency_id}. The organizations are fetched again (every page reads
 * the currency from there) and the organization's report answers are dropped: amounts in the old
 * currency must not show under the new one's symbol.
 */
export function useUpdateCurrency(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currency: string) => updateOrganization(organizationId, { currency_id: currency }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: reportKeys.scope(organizationId) });
      await queryClient.invalidateQueries({ queryKey: organizationKeys.all });
    },
  });
}
