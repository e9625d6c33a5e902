import {
  ApiKeyListResponseSchema,
  CreatedApiKeySchema,
  Ga4EmailsResponseSchema,
  NotificationTokenSchema,
  RotatedNotificationTokenSchema,
  ShareDatasetResponseSchema,
  SharedDatasetResponseSchema,
  type ApiKey,
  type CreateApiKey,
  type CreatedApiKey,
  type Ga4EmailsResponse,
  type NotificationToken,
  type RotatedNotificationToken,
  type ShareDatasetResponse,
  type SharedDatasetResponse,
} from '@maya/contracts';
import { isApiError } from '../../../shared/api/ApiError';
import { apiClient, type ApiClient } from '../../../shared/api/client';

const base = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}`;

/** spec 002 §8: a 404 on the API key, token and GA4 loaders yields empty. */
async function emptyOn404<T>(load: Promise<T>, empty: T): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return empty;
    throw error;
  }
}

export const listApiKeys = (organizationId: string, client: ApiClient = apiClient): Promise<ApiKey[]> =>
  emptyOn404(
    client.get(`${base(organizationId)}/api-keys`, {
      parse: (data) => ApiKeyListResponseSchema.parse(data).keys,
    }),
    [],
  );

export const createApiKey = (
  organizationId: string,
  body: CreateApiKey,
  client: ApiClient = apiClient,
): Promise<CreatedApiKey> =>
  client.post(`${base(organizationId)}/api-keys`, { body, parse: (data) => CreatedApiKeySchema.parse(data) });

export async function revokeApiKey(organizationId: string, keyId: string, client: ApiClient = apiClient) {
  await client.delete(`${base(organizationId)}/api-keys/${encodeURIComponent(keyId)}`);
}

export const getNotificationToken = (
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<NotificationToken | null> =>
  emptyOn404(
    client.get(`${base(organizationId)}/notification-token`, {
      parse: (data) => NotificationTokenSchema.parse(data),
    }),
    null,
  );

export const rotateNotificationToken = (
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<RotatedNotificationToken> =>
  client.post(`${base(organizationId)}/notification-token`, {
    body: {},
    parse: (data) => RotatedNotificationTokenSchema.parse(data),
  });

export const getSharedDataset = (
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<SharedDatasetResponse> =>
  client.get(`${base(organizationId)}/shared-dataset`, {
    parse: (data) => SharedDatasetResponseSchema.parse(data),
  });

export const shareDataset = (
  organizationId: string,
  email: string,
  client: ApiClient = apiClient,
): Promise<ShareDatasetResponse> =>
  client.post(`${base(organizationId)}/shared-dataset`, {
    body: { email },
    parse: (data) => ShareDatasetResponseSchema.parse(data),
  });

export async function unshareDataset(organizationId: string, email: string, client: ApiClient = apiClient) {
  await client.delete(`${base(organizationId)}/shared-dataset`, { query: { email } });
}

export const getGa4Emails = (
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<Ga4EmailsResponse | null> =>
  emptyOn404(
    client.get(`${base(organizationId)}/ga4-emails`, {
      parse: (data) => Ga4EmailsResponseSchema.parse(data),
    }),
    null,
  );
