import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveOrganizationDestination, type SaveDestinationInput } from '../api/destinations';
import { destinationsKeys } from '../api/keys';

/** PUT /destinations/organization; the organization's destination is read again once it succeeds. */
export function useSaveOrganizationDestination(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveDestinationInput) => saveOrganizationDestination(organizationId, input),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: destinationsKeys.organization(organizationId) }),
  });
}
