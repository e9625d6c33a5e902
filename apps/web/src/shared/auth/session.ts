import { SESSION_HINT_COOKIE } from '@maya/contracts';
import { tokenStore, type AuthToken } from './tokenStore';
import { clearUserIdCookie, getUserIdCookie, readCookie, setUserIdCookie } from './userIdCookie';

/**
 * Signed in = a stored access token and a `user_id` cookie naming the same user (spec 000 §2,
 * §6). A mismatch means another account signed in elsewhere: the token is cleared.
 */
export function isSignedIn(): boolean {
  const token = tokenStore.get();
  if (token === null) return false;
  if (getUserIdCookie() === token.userId) return true;
  tokenStore.clear();
  return false;
}

/** Stores a fresh session: token in memory and the user_id cookie. */
export function startSession(token: AuthToken): void {
  tokenStore.set(token);
  setUserIdCookie(token.userId);
}

/** Forgets the session on this side (spec 000 §2, Sign-out). */
export function endSession(): void {
  tokenStore.clear();
  clearUserIdCookie();
}

/**
 * Whether this browser may hold a session worth refreshing: a token in memory, the server's
 * session hint (set and cleared with the httpOnly refresh cookie), or a `user_id` cookie from a
 * sign-in before the hint existed. A visitor with none of them has nothing to refresh.
 */
export function mayHaveSession(): boolean {
  return tokenStore.get() !== null || readCookie(SESSION_HINT_COOKIE) !== null || getUserIdCookie() !== null;
}
