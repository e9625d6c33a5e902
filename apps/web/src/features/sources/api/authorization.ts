import { OAuthStartResponseSchema, VerificationResultSchema, type VerificationResult } from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

export type StartAuthorizationInput = { organizationId: string; serviceId: string; serviceUuid: string };

/** POST /services/{id}/oauth/start: the provider's consent address. */
export function startAuthorization(
  { organizationId, serviceId, serviceUuid }: StartAuthorizationInput,
  client: ApiClient = apiClient,
): Promise<string> {
  return client.post(`/services/${encodeURIComponent(serviceId)}/oauth/start`, {
    body: { serviceUuid, organization_id: organizationId },
    parse: (data) => OAuthStartResponseSchema.parse(data).authorization_url,
  });
}

export type VerifyAuthorizationInput = StartAuthorizationInput & {
  code: string;
  state: string;
  metadata?: Record<string, string>;
};

/** POST /services/{id}/oauth/verify: exchanges the single-use code; answers the selectable accounts. */
export function verifyAuthorization(
  { organizationId, serviceId, serviceUuid, code, state, metadata }: VerifyAuthorizationInput,
  client: ApiClient = apiClient,
): Promise<VerificationResult> {
  return client.post(`/services/${encodeURIComponent(serviceId)}/oauth/verify`, {
    body: { serviceUuid, organization_id: organizationId, code, state, ...(metadata ? { metadata } : {}) },
    parse: (data) => VerificationResultSchema.parse(data),
  });
}
