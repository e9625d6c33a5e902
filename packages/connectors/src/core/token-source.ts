// The one way every connection keeps its access token: cached, renewed a margin before it
// expires (and when a 401 asks for it), one renewal at a time however many requests wait for it.
// OAuth refresh tokens, Apple's client-credentials grant and the product's Google service account
// differ only in how a new token is fetched.
import type { TokenSource } from './http';

/** An access token and its expiry (epoch ms; null when the provider did not say). */
export type CachedToken = { value: string; expiresAt: number | null };

export function cachedTokenSource(options: {
  /** Fetches a new token (the old one is expiring, missing or refused). */
  fetchToken: () => Promise<CachedToken>;
  /** The token the connection already holds, if any. */
  initial?: CachedToken | null;
  /** Renew this long before expiry, so that no request starts with a dying token. */
  marginMs: number;
  now?: () => number;
}): TokenSource {
  const now = options.now ?? Date.now;
  let token = options.initial ?? null;
  let pending: Promise<CachedToken> | null = null;
  const refresh = () => {
    pending ??= options.fetchToken().then(
      (fresh) => {
        token = fresh;
        pending = null;
        return fresh;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const expiring = (t: CachedToken) => t.expiresAt !== null && t.expiresAt - options.marginMs <= now();
  return {
    refresh: async () => {
      await refresh();
    },
    async authorization() {
      const current = pending ? await pending : token;
      const valid = current && !expiring(current) ? current : await refresh();
      return `Bearer ${valid.value}`;
    },
  };
}
