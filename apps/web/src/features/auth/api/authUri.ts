import { apiClient, type ApiClient } from '../../../shared/api/client';
import type { AuthProvider } from '../messages';

export function parseAuthUri(data: unknown): string {
  const uri =
    typeof data === 'object' && data !== null ? (data as { auth_uri?: unknown }).auth_uri : undefined;
  if (typeof uri !== 'string' || !/^https?:\/\//.test(uri))
    throw new TypeError('auth_uri is not an http(s) URL');
  return uri;
}

/** GET /auth/{provider}/auth_uri: the provider's consent page to send the browser to. */
export function getAuthUri(provider: AuthProvider, client: ApiClient = apiClient): Promise<string> {
  return client.get(`/auth/${provider}/auth_uri`, { parse: parseAuthUri });
}
