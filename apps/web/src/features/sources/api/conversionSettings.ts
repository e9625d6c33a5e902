import { ConversionSettingsSchema, type ConversionSettings } from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

const parse = (data: unknown) => ConversionSettingsSchema.parse(data);

/** GET /services/{id}/conversion_settings?organization_id=: which action types count as conversions. */
export function getConversionSettings(
  organizationId: string,
  serviceId: string,
  client: ApiClient = apiClient,
): Promise<ConversionSettings> {
  return client.get(`/services/${encodeURIComponent(serviceId)}/conversion_settings`, {
    query: { organization_id: organizationId },
    parse,
  });
}

/** PUT /services/{id}/conversion_settings: the action types that count (null: the default). */
export function saveConversionSettings(
  organizationId: string,
  serviceId: string,
  actionTypes: string[] | null,
  client: ApiClient = apiClient,
): Promise<ConversionSettings> {
  return client.put(`/services/${encodeURIComponent(serviceId)}/conversion_settings`, {
    body: { organization_id: organizationId, action_types: actionTypes },
    parse,
  });
}
