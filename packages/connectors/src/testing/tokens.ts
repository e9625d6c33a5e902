// Mints sandbox tokens in-process, as if the user had consented: for connector tests and the
// benchmark, which exercise extraction, not the consent page.
import { DEFAULT_ACCOUNTS, resolveAccount } from '../sandbox/accounts';
import { randomToken } from '../sandbox/store';
import type { SandboxStore } from '../sandbox/store';
import type { SandboxProvider } from '../sandbox/types';
import type { OAuthTokens } from '../core/types';

export function mintTokens(
  store: SandboxStore,
  input: {
    clientId: string;
    /** The user; default the provider's first test account. */
    email?: string;
    scopes: readonly string[];
    expiresInS?: number;
    /** Whose user it is (ids are derived per provider); default 'google'. */
    provider?: SandboxProvider;
  },
): OAuthTokens {
  const provider = input.provider ?? 'google';
  const known = DEFAULT_ACCOUNTS[provider];
  const email = input.email ?? known[0]?.email ?? 'ada@example.com';
  const name = known.find((a) => a.email === email)?.name ?? '';
  const account = resolveAccount(provider, { email, name });
  const grant = { clientId: input.clientId, account, scopes: [...input.scopes], nonce: null, offline: true };
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
