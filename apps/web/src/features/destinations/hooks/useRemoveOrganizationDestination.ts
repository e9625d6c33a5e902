import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeOrganizationDestination } from '../api/destinations';
import { destinationsKeys } from '../api/keys';

/** DELETE /destinations/organization: back to the managed default. */
export function useRemoveOrganizationDestination(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeOrganizationDestination(organizationId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: destinationsKeys.organization(organizationId) }),
  });
}
