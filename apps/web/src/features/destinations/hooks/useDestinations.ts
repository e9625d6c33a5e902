import { useQuery } from '@tanstack/react-query';
import { listDestinations } from '../api/destinations';
import { destinationsKeys } from '../api/keys';

/** GET /destinations: the catalogue changes only with a release, so it is kept for a while. */
export function useDestinations() {
  return useQuery({
    queryKey: destinationsKeys.catalogue(),
    queryFn: () => listDestinations(),
    staleTime: 300_000,
  });
}
