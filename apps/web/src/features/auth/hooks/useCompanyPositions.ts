import { useQuery } from '@tanstack/react-query';
import { FALLBACK_POSITIONS, getCompanyPositions } from '../api/companyPositions';
import { authKeys } from '../api/keys';

/** GET /data/company-positions.json; the spec's named positions while loading or if it fails. */
export function useCompanyPositions(): { positions: readonly string[]; isLoading: boolean } {
  const query = useQuery({
    queryKey: authKeys.companyPositions(),
    queryFn: () => getCompanyPositions(),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const positions = query.data !== undefined && query.data.length > 0 ? query.data : FALLBACK_POSITIONS;
  return { positions, isLoading: query.isPending };
}
