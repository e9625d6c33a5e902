import { apiClient, type ApiClient } from '../../../shared/api/client';
import type { AuthToken } from '../../../shared/auth/tokenStore';

export type PasswordCredentials = { email: string; password: string };

/** POST /auth/login and /auth/refresh_token answer (spec 000 §7, "token data"). */
export type TokenResponse = {
  access_token: string;
  access_token_expires_at: string;
  user_id: string | number;
};

export function parseTokenResponse(data: unknown): AuthToken {
  const body = (typeof data === 'object' && data !== null ? data : {}) as Partial<
    Record<keyof TokenResponse, unknown>
  >;
  const { access_token, access_token_expires_at, user_id } = body;
  if (
    typeof access_token !== 'string' ||
    typeof access_token_expires_at !== 'string' ||
    (typeof user_id !== 'string' && typeof user_id !== 'number')
  ) {
    throw new TypeError('The token answer lacks access_token, access_token_expires_at or user_id');
  }
  return {
    accessToken: access_token,
    accessTokenExpiresAt: access_token_expires_at,
    userId: String(user_id),
  };
}

/** POST /auth/login with email and password. */
export function loginWithPassword(
  credentials: PasswordCredentials,
  client: ApiClient = apiClient,
): Promise<AuthToken> {
  return client.post('/auth/login', { body: credentials, parse: parseTokenResponse });
}
