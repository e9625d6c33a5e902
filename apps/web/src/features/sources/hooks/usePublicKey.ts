import { useQuery } from '@tanstack/react-query';
import { sourcesKeys } from '../api/keys';
import { getPublicKey } from '../api/services';

/** GET /services/{id}/public_key: the key shown read-only on the Apple Ads setup. */
export function usePublicKey(organizationId: string, serviceId: string, serviceUuid: string) {
  return useQuery({
    queryKey: sourcesKeys.publicKey(organizationId, serviceUuid),
    queryFn: () => getPublicKey({ organizationId, serviceId, serviceUuid }),
    staleTime: Infinity,
  });
}
