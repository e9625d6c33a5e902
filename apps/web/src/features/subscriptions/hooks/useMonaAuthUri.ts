import { useQuery } from '@tanstack/react-query';
import { subscriptionKeys } from '../api/keys';
import { getMonaAuthUri } from '../api/subscriptions';

/**
 * GET /auth/microsoft/auth_uri with is_mona and the marketplace token. Not retried and never
 * reused: a consent address is asked for once per visit of the landing page.
 */
export function useMonaAuthUri(marketplaceToken: string | null) {
  return useQuery({
    queryKey: subscriptionKeys.monaAuthUri(marketplaceToken ?? ''),
    queryFn: () => getMonaAuthUri(marketplaceToken ?? ''),
    enabled: marketplaceToken !== null,
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
