import { readStorage, writeStorage } from '../lib/storage';

/**
 * The URL a visitor tried to open before being sent to sign in (spec 000 §2), returned to after
 * signing in. Only same-origin paths are accepted, so it cannot become an open redirect.
 */
export const RETURN_URL_KEY = 'maya.returnUrl';

export function isSafeReturnUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

export function rememberReturnUrl(url: string): void {
  if (isSafeReturnUrl(url)) writeStorage(RETURN_URL_KEY, url);
}

/** Reads and forgets the remembered URL; null when there is none (or it is not a safe path). */
export function takeReturnUrl(): string | null {
  const url = readStorage(RETURN_URL_KEY);
  writeStorage(RETURN_URL_KEY, null);
  return url !== null && isSafeReturnUrl(url) ? url : null;
}

/** Reads the remembered URL without forgetting it (for render; forget it in an effect). */
export function peekReturnUrl(): string | null {
  const url = readStorage(RETURN_URL_KEY);
  return url !== null && isSafeReturnUrl(url) ? url : null;
}

export function forgetReturnUrl(): void {
  writeStorage(RETURN_URL_KEY, null);
}
