import { useQuery } from '@tanstack/react-query';
import { sourcesKeys } from '../api/keys';
import { listServices } from '../api/services';

/** GET /services: the catalogue changes only with a release, so it is kept for a while. */
export function useServices() {
  return useQuery({ queryKey: sourcesKeys.services(), queryFn: () => listServices(), staleTime: 300_000 });
}
