import { useQuery } from '@tanstack/react-query';
import { etlKeys } from '../api/keys';
import { getEtlLogs } from '../api/etl';
import { PROGRESS_POLL_MS } from './useEtlProgress';

/** GET /etl/logs: the history of runs grouped by date; polled with the progress while a run runs. */
export function useEtlLogs(organizationId: string, running = false) {
  return useQuery({
    queryKey: etlKeys.logs(organizationId),
    queryFn: () => getEtlLogs(organizationId),
    retry: false,
    refetchInterval: running ? PROGRESS_POLL_MS : false,
  });
}
