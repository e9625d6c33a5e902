import { useQuery } from '@tanstack/react-query';
import { getOrganizationDestination } from '../api/destinations';
import { destinationsKeys } from '../api/keys';

/** GET /destinations/organization: the organization's own destination, null for the managed default. */
export function useOrganizationDestination(organizationId: string) {
  return useQuery({
    queryKey: destinationsKeys.organizationDestination(organizationId),
    queryFn: () => getOrganizationDestination(organizationId),
  });
}
