import { useQuery } from '@tanstack/react-query';
import { etlKeys } from '../api/keys';
import { getEtlSettings } from '../api/etl';

/** GET /etl/settings: each service's look-back days. */
export function useEtlSettings(organizationId: string) {
  return useQuery({
    queryKey: etlKeys.settings(organizationId),
    queryFn: () => getEtlSettings(organizationId),
    retry: false,
  });
}
