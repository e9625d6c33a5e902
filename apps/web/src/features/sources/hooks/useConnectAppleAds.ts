import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sourcesKeys } from '../api/keys';
import { connectAppleAds, type AppleAdsCredentials } from '../api/setup';

type Input = AppleAdsCredentials & { serviceId: string; serviceUuid: string };

/** POST /services/{id}/apple_ads_accounts. */
export function useConnectAppleAds(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => connectAppleAds({ organizationId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKeys.organization(organizationId) }),
  });
}
