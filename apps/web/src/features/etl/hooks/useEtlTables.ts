import { useQuery } from '@tanstack/react-query';
import { etlKeys } from '../api/keys';
import { getEtlTables } from '../api/etl';

/** GET /etl/tables: each report table's rows and dates; refetched when a run ends. */
export function useEtlTables(organizationId: string) {
  return useQuery({
    queryKey: etlKeys.tables(organizationId),
    queryFn: () => getEtlTables(organizationId),
    retry: false,
  });
}
