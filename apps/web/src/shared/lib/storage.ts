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

/** Whether a flag was set in this browser session (sessionStorage), never throwing. */
export function readSessionFlag(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/** Sets or clears a flag for this browser session; dropped when storage is unavailable. */
export function writeSessionFlag(key: string, on: boolean): void {
  try {
    if (on) window.sessionStorage.setItem(key, '1');
    else window.sessionStorage.removeItem(key);
  } catch {
    // Storage unavailable: the flag lasts as long as the component that holds it.
  }
}
