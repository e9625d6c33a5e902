import type { ServiceAccount } from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';
import { parseAccounts } from './serviceAccounts';

type ServiceTarget = { organizationId: string; serviceId: string; serviceUuid: string };

function servicePath(serviceId: string, action: string): string {
  return `/services/${encodeURIComponent(serviceId)}/${action}`;
}

/** POST /services/{id}/api_credentials (Moosend): verifies the API key and connects its account. */
export function saveApiCredentials(
  { organizationId, serviceId, serviceUuid, apiKey }: ServiceTarget & { apiKey: string },
  client: ApiClient = apiClient,
): Promise<ServiceAccount[]> {
  return client.post(servicePath(serviceId, 'api_credentials'), {
    body: { serviceUuid, organization_id: organizationId, apiCreds: { apiKey } },
    parse: parseAccounts,
  });
}

export type UniqueAccountInput = ServiceTarget & { projectId: string; datasetId: string };

/** POST /services/{id}/unique_account (GA4 events): verifies the BigQuery export and connects it. */
export function verifyUniqueAccount(
  { organizationId, serviceId, serviceUuid, projectId, datasetId }: UniqueAccountInput,
  client: ApiClient = apiClient,
): Promise<ServiceAccount[]> {
  return client.post(servicePath(serviceId, 'unique_account'), {
    body: { serviceUuid, organization_id: organizationId, projectId, datasetId },
    parse: parseAccounts,
  });
}

export type AppleAdsCredentials = { clientId: string; teamId: string; keyId: string; publicKey: string };

/** POST /services/{id}/apple_ads_accounts: connects the Apple Ads accounts of the API user. */
export function connectAppleAds(
  { organizationId, serviceId, serviceUuid, ...credentials }: ServiceTarget & AppleAdsCredentials,
  client: ApiClient = apiClient,
): Promise<ServiceAccount[]> {
  return client.post(servicePath(serviceId, 'apple_ads_accounts'), {
    body: { serviceUuid, organization_id: organizationId, ...credentials },
    parse: parseAccounts,
  });
}
