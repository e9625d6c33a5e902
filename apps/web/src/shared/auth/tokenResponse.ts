import type { AuthToken } from './tokenStore';

/** POST /auth/login and /auth/refresh_token answer (spec 000 §7, "token data"). */
export type TokenResponse = {
  access_token: string;
  access_token_expires_at: string;
  user_id: string | number;
};

/**
 * The token answer of sign-in and refresh, checked by hand rather than by the contract's zod
 * schema: a returning user's session refresh runs before the first page draws, and zod is not in
 * the first load (decision 410).
 */
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
