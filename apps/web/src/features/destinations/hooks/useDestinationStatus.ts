import { useQuery } from '@tanstack/react-query';
import { getDestinationStatus } from '../api/destinations';
import { destinationsKeys } from '../api/keys';

/** GET /destinations/status: can_configure_destination, and why not. */
export function useDestinationStatus(organizationId: string) {
  return useQuery({
    queryKey: destinationsKeys.status(organizationId),
    queryFn: () => getDestinationStatus(organizationId),
  });
}
