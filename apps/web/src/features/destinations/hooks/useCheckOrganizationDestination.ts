import { useMutation } from '@tanstack/react-query';
import { checkOrganizationDestination } from '../api/destinations';

/** POST /destinations/organization/check: a fresh connection each time, so a mutation, not a cached query. */
export function useCheckOrganizationDestination(organizationId: string) {
  return useMutation({ mutationFn: () => checkOrganizationDestination(organizationId) });
}
