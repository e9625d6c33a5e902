import { useQuery } from '@tanstack/react-query';
import { etlKeys } from '../api/keys';
import { getEtlProgress } from '../api/etl';

/** How often the progress is asked again while a run is running. */
export const PROGRESS_POLL_MS = 3_000;

/** GET /etl/progress, polled every few seconds while a run is running. */
export function useEtlProgress(organizationId: string) {
  return useQuery({
    queryKey: etlKeys.progress(organizationId),
    queryFn: () => getEtlProgress(organizationId),
    refetchInterval: (query) => (query.state.data?.running === true ? PROGRESS_POLL_MS : false),
  });
}
