// Mints sandbox tokens in-process, as if the user had consented: for connector tests and the
// benchmark, which exercise extraction, not the consent page.
import { resolveAccount } from '../sandbox/accounts';
import { randomToken } from '../sandbox/store';
import type { SandboxStore } from '../sandbox/store';
import type { OAuthTokens } from '../core/types';

export function mintTokens(
  store: SandboxStore,
  input: {
    clientId: string;
    email?: string;
    scopes: string[];
    expiresInS?: number;
    provider?: 'google' | 'microsoft';
  },
): OAuthTokens {
  const account = resolveAccount(input.provider ?? 'google', {
    email: input.email ?? 'ada@example.com',
    name: 'Ada Lovelace',
  });
  const grant = { clientId: input.clientId, account, scopes: input.scopes, nonce: null, offline: true };
  const accessToken = randomToken('sandbox.');
  const refreshToken = randomToken('refresh.');
  const expiresAt = store.now() + (input.expiresInS ?? 3600) * 1000;
  store.accessTokens.set(accessToken, { grant, expiresAt });
  store.refreshTokens.set(refreshToken, grant);
  // The sandbox judges validity by its own clock; the client's token source by the real one.
  const clientExpiry = Date.now() + (input.expiresInS ?? 3600) * 1000;
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    expires_at: clientExpiry,
    scope: input.scopes.join(' '),
  };
}
