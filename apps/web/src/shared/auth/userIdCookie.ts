/**
 * The `user_id` cookie the spec requires beside the in-memory token (spec 000 §2, §3): a protected
 * page needs both, and they must name the same user.
 */
import { USER_ID_COOKIE } from '@maya/contracts';

export { USER_ID_COOKIE };

const MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

/** A cookie the page can read, by name; null when absent or empty. */
export function readCookie(cookieName: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === cookieName) return decodeURIComponent(rest.join('=')) || null;
  }
  return null;
}

export function getUserIdCookie(): string | null {
  return readCookie(USER_ID_COOKIE);
}

export function setUserIdCookie(userId: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${USER_ID_COOKIE}=${encodeURIComponent(userId)}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

export function clearUserIdCookie(): void {
  document.cookie = `${USER_ID_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
