/**
 * The browser's localStorage, never throwing: private mode, a full quota or disabled storage read
 * as a missing value and drop writes. What the app keeps there is a hint, never the only copy.
 */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps the value under the key; null removes the key. */
export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: nothing is kept.
  }
}
