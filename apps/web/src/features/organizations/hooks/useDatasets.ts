import { useQuery } from '@tanstack/react-query';
import { listDatasets } from '../api/organizations';
import { organizationKeys } from '../api/keys';

/** GET /organizations/{id}/datasets; waits while there is no organization id. */
export function useDatasets(organizationId: string | null) {
  return useQuery({
    queryKey: organizationKeys.datasets(organizationId ?? ''),
    queryFn: () => listDatasets(organizationId ?? ''),
    enabled: organizationId !== null && organizationId !== '',
  });
}
