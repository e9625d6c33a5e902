import {
  connectAppleAds,
  saveApiCredentials,
  verifyUniqueAccount,
  type AppleAdsCredentials,
  type UniqueAccountInput,
} from '../api/setup';
import { useSourcesMutation } from './useSourcesMutation';

/** The setup screens' saves: each verifies the credentials at the provider and connects the account. */
type Target = { serviceId: string; serviceUuid: string };

/** POST /services/{id}/api_credentials (Moosend). */
export function useSaveApiCredentials(organizationId: string) {
  return useSourcesMutation(organizationId, (input: Target & { apiKey: string }) =>
    saveApiCredentials({ organizationId, ...input }),
  );
}

/** POST /services/{id}/unique_account (GA4 events). */
export function useVerifyUniqueAccount(organizationId: string) {
  return useSourcesMutation(organizationId, (input: Omit<UniqueAccountInput, 'organizationId'>) =>
    verifyUniqueAccount({ organizationId, ...input }),
  );
}

/** POST /services/{id}/apple_ads_accounts. */
export function useConnectAppleAds(organizationId: string) {
  return useSourcesMutation(organizationId, (input: Target & AppleAdsCredentials) =>
    connectAppleAds({ organizationId, ...input }),
  );
}
