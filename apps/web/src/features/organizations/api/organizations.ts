import {
  CreateOrganizationResponseSchema,
  DatasetListResponseSchema,
  OrganizationListResponseSchema,
  OrganizationSchema,
  type Dataset,
  type Organization,
  type UpdateOrganizationRequest,
} from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

export type CreatedOrganization = ReturnType<typeof CreateOrganizationResponseSchema.parse>;

/** GET /organizations: the user's organizations, and the demo organization everyone may open. */
export function listOrganizations(client: ApiClient = apiClient): Promise<Organization[]> {
  return client.get('/organizations', {
    parse: (data) => OrganizationListResponseSchema.parse(data).organizations,
  });
}

/** POST /organizations {name} → {id, slug, name}. */
export function createOrganization(
  name: string,
  client: ApiClient = apiClient,
): Promise<CreatedOrganization> {
  return client.post('/organizations', {
    body: { name },
    parse: (data) => CreateOrganizationResponseSchema.parse(data),
  });
}

/** GET /organizations/{id}/datasets (404 for a non-member, as for a missing organization). */
export function listDatasets(organizationId: string, client: ApiClient = apiClient): Promise<Dataset[]> {
  return client.get(`/organizations/${encodeURIComponent(organizationId)}/datasets`, {
    parse: (data) => DatasetListResponseSchema.parse(data).datasets,
  });
}

/** PATCH /organizations/{id} (owners and admins): the organization's currency. */
export function updateOrganization(
  organizationId: string,
  changes: UpdateOrganizationRequest,
  client: ApiClient = apiClient,
): Promise<Organization> {
  return client.patch(`/organizations/${encodeURIComponent(organizationId)}`, {
    body: changes,
    parse: (data) => OrganizationSchema.parse(data),
  });
}
