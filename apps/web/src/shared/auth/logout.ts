import { apiClient, type ApiClient } from '../api/client';

/** POST /auth/logout: the server revokes the refresh-token cookie (204). */
export function requestLogout(client: ApiClient = apiClient): Promise<void> {
  return client.post('/auth/logout');
}
