/** The signed-in session's access token. Kept in memory only (DESIGN.md, Sessions). */
export type AuthToken = {
  accessToken: string;
  /** ISO date-time at which the access token expires. */
  accessTokenExpiresAt: string;
  userId: string;
};

export type TokenListener = (token: AuthToken | null) => void;

export type TokenStore = {
  get: () => AuthToken | null;
  set: (token: AuthToken) => void;
  clear: () => void;
  /** Calls the listener on every change; returns the unsubscribe function. */
  subscribe: (listener: TokenListener) => () => void;
};

export function createTokenStore(): TokenStore {
  let current: AuthToken | null = null;
  const listeners = new Set<TokenListener>();
  const emit = () => listeners.forEach((listener) => listener(current));
  return {
    get: () => current,
    set: (token) => {
      current = token;
      emit();
    },
    clear: () => {
      if (current === null) return;
      current = null;
      emit();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's token store: the API client reads it, sign-in and refresh write it. */
export const tokenStore: TokenStore = createTokenStore();
