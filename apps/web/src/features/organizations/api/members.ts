import { FeaturesSchema, MemberListResponseSchema, type Features } from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

export type Member = ReturnType<typeof MemberListResponseSchema.parse>['users'][number];

/** GET /organizations/{id}/users: the organization's members. */
export function listMembers(organizationId: string, client: ApiClient = apiClient): Promise<Member[]> {
  return client.get(`/organizations/${encodeURIComponent(organizationId)}/users`, {
    parse: (data) => MemberListResponseSchema.parse(data).users,
  });
}

/** POST /features: the plan features of the organization (can_add_users, the sources it may add). */
export function getFeatures(organizationId: string, client: ApiClient = apiClient): Promise<Features> {
  return client.post('/features', {
    body: { organization_id: organizationId },
    parse: (data) => FeaturesSchema.parse(data),
  });
}
