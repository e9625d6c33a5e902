import {
  PublicKeyResponseSchema,
  ServiceAccountEmailResponseSchema,
  ServiceListResponseSchema,
  type Service,
} from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

/** GET /services: the connectable services. */
export function listServices(client: ApiClient = apiClient): Promise<Service[]> {
  return client.get('/services', { parse: (data) => ServiceListResponseSchema.parse(data).services });
}

export type PublicKeyInput = { organizationId: string; serviceId: string; serviceUuid: string };

/** GET /services/{id}/public_key: the key the user uploads at Apple (Apple Ads). */
export function getPublicKey(
  { organizationId, serviceId, serviceUuid }: PublicKeyInput,
  client: ApiClient = apiClient,
): Promise<string> {
  return client.get(`/services/${encodeURIComponent(serviceId)}/public_key`, {
    query: { serviceUUID: serviceUuid, organization_id: organizationId },
    parse: (data) => PublicKeyResponseSchema.parse(data).public_key,
  });
}

/** GET /services/google_analytics_4_events/service_account_email: who the GA4 export is shared with. */
export function getServiceAccountEmail(client: ApiClient = apiClient): Promise<string> {
  return client.get('/services/google_analytics_4_events/service_account_email', {
    parse: (data) => ServiceAccountEmailResponseSchema.parse(data).email,
  });
}
