import { tokenStore, type AuthToken } from './tokenStore';
import { clearUserIdCookie, getUserIdCookie, setUserIdCookie } from './userIdCookie';

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
