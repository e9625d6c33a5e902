import { useQuery } from '@tanstack/react-query';
import { getDestination } from '../api/destinations';
import { destinationsKeys } from '../api/keys';

/** GET /destinations/{id}; `id` null skips the call. */
export function useDestination(id: string | null) {
  return useQuery({
    queryKey: destinationsKeys.destination(id ?? ''),
    queryFn: () => getDestination(id ?? ''),
    enabled: id !== null,
    staleTime: 300_000,
  });
}
