import { unreachable } from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';
import type { LoginRequest } from '@maya/contracts';
import { parseTokenResponse } from '../../../shared/auth/tokenResponse';
import type { AuthToken } from '../../../shared/auth/tokenStore';
import type { AuthProvider } from '../messages';

export type PasswordCredentials = { email: string; password: string };

/** Nullable token data, as sign-up and e-mail verification answer it. */
export function parseOptionalToken(data: unknown): AuthToken | null {
  return data === null || data === undefined ? null : parseTokenResponse(data);
}

/** POST /auth/login: any of the contract's sign-in shapes (password, provider code or token). */
export function login(request: LoginRequest, client: ApiClient = apiClient): Promise<AuthToken> {
  return client.post('/auth/login', { body: request, parse: parseTokenResponse });
}

/** POST /auth/login with email and password. */
export function loginWithPassword(
  credentials: PasswordCredentials,
  client: ApiClient = apiClient,
): Promise<AuthToken> {
  return login(credentials, client);
}

/** A provider token the API handed back (sign-up or merge), to sign in with it later. */
export type ProviderToken = { provider: AuthProvider; token: string };

/** POST /auth/login with a Google ID token or a Microsoft access token. */
export function providerTokenLogin({ provider, token }: ProviderToken, isMona = false): LoginRequest {
  switch (provider) {
    case 'google':
      return { google_id_token: token };
    case 'microsoft':
      return isMona ? { microsoft_access_token: token, is_mona: true } : { microsoft_access_token: token };
    default: {
      return unreachable(provider);
    }
  }
}

/** POST /auth/login with the code and state the provider's redirect brought back. */
export function providerCodeLogin(provider: AuthProvider, code: string, state: string): LoginRequest {
  switch (provider) {
    case 'google':
      return { google_code: code, state };
    case 'microsoft':
      return { microsoft_code: code, state };
    default: {
      return unreachable(provider);
    }
  }
}
