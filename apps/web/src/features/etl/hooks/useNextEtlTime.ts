import { useQuery } from '@tanstack/react-query';
import { etlKeys } from '../api/keys';
import { getNextEtlTime } from '../api/etl';

/** GET /etl/next: when the daily schedule loads next. */
export function useNextEtlTime(organizationId: string) {
  return useQuery({
    queryKey: etlKeys.next(organizationId),
    queryFn: () => getNextEtlTime(organizationId),
    retry: false,
  });
}
