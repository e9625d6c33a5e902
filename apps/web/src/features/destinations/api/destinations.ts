import {
  DestinationCheckResponseSchema,
  DestinationListResponseSchema,
  DestinationSchema,
  DestinationStatusSchema,
  DestinationsErrorType,
  OrganizationDestinationSchema,
  type Destination,
  type DestinationCheckResponse,
  type DestinationStatus,
  type OrganizationDestination,
  type SaveOrganizationDestinationRequest,
} from '@maya/contracts';
import { isApiError } from '../../../shared/api/ApiError';
import { apiClient, type ApiClient } from '../../../shared/api/client';

/** GET /destinations: the managed default and the on-premise kinds with their forms. */
export function listDestinations(client: ApiClient = apiClient): Promise<Destination[]> {
  return client.get('/destinations', {
    parse: (data) => DestinationListResponseSchema.parse(data).destinations,
  });
}

/** GET /destinations/{id}. */
export function getDestination(id: string, client: ApiClient = apiClient): Promise<Destination> {
  return client.get(`/destinations/${encodeURIComponent(id)}`, {
    parse: (data) => DestinationSchema.parse(data),
  });
}

/**
 * GET /destinations/organization: the organization's own destination, or null when it has none
 * (404 organization_destination_not_found: it uses the managed default).
 */
export async function getOrganizationDestination(
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<OrganizationDestination | null> {
  try {
    return await client.get('/destinations/organization', {
      query: { organization_id: organizationId },
      parse: (data) => OrganizationDestinationSchema.parse(data),
    });
  } catch (error) {
    if (isApiError(error) && error.type === DestinationsErrorType.organizationDestinationNotFound)
      return null;
    throw error;
  }
}

/** GET /destinations/status: whether the user may change the destination, and why not. */
export function getDestinationStatus(
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<DestinationStatus> {
  return client.get('/destinations/status', {
    query: { organization_id: organizationId },
    parse: (data) => DestinationStatusSchema.parse(data),
  });
}

/** POST /destinations/organization/check: connects to the organization's own database again. */
export function checkOrganizationDestination(
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<DestinationCheckResponse> {
  return client.post('/destinations/organization/check', {
    body: { organization_id: organizationId },
    parse: (data) => DestinationCheckResponseSchema.parse(data),
  });
}

export type SaveDestinationInput = Omit<SaveOrganizationDestinationRequest, 'organization_id'>;

/**
 * PUT /destinations/organization: checks the credentials by connecting, then creates or updates the
 * organization destination (null when a managed destination was chosen: it is removed).
 */
export function saveOrganizationDestination(
  organizationId: string,
  input: SaveDestinationInput,
  client: ApiClient = apiClient,
): Promise<OrganizationDestination | null> {
  return client.put('/destinations/organization', {
    body: { organization_id: organizationId, ...input },
    // 204 (a managed destination chosen) has no body.
    parse: (data) => (data === undefined || data === null ? null : OrganizationDestinationSchema.parse(data)),
  });
}

/** DELETE /destinations/organization: back to the managed default. */
export async function removeOrganizationDestination(
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<void> {
  await client.delete('/destinations/organization', { query: { organization_id: organizationId } });
}
