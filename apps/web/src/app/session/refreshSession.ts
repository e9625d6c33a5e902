import { apiClient, type ApiClient } from '../../shared/api/client';
import { startSession } from '../../shared/auth/session';
import { parseTokenResponse } from '../../shared/auth/tokenResponse';
import { tokenStore, type AuthToken } from '../../shared/auth/tokenStore';

/** POST /auth/refresh_token: the httpOnly refresh cookie buys a new access token. */
export function requestTokenRefresh(client: ApiClient = apiClient): Promise<AuthToken> {
  return client.post('/auth/refresh_token', {
    parse: parseTokenResponse,
  });
}

export type RefreshOutcome =
  { status: 'refreshed'; token: AuthToken; userChanged: boolean } | { status: 'failed'; error: unknown };

let inFlight: Promise<RefreshOutcome> | null = null;

/**
 * (Re)establishes the in-memory session from the refresh cookie (spec 000 §4). Concurrent callers
 * share one request: the server rotates the refresh token on every use and treats a second use of
 * the same one as theft, so two parallel refreshes would end the session.
 */
export function refreshSession(client: ApiClient = apiClient): Promise<RefreshOutcome> {
  inFlight ??= requestTokenRefresh(client)
    .then((token): RefreshOutcome => {
      const previous = tokenStore.get();
      startSession(token);
      return {
        status: 'refreshed',
        token,
        userChanged: previous !== null && previous.userId !== token.userId,
      };
    })
    .catch((error: unknown): RefreshOutcome => ({ status: 'failed', error }))
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
