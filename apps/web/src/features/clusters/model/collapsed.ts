import { readStorage, writeStorage } from '../../../shared/lib/storage';

/** spec 001 §3: the collapsed rule sets, remembered in this browser by their ids. */
export const COLLAPSED_STORAGE_KEY = 'collapsedClusterColumns';
/** The list is a hint; the oldest ids go first when it grows past this. */
const MAX_REMEMBERED = 1_000;

export function readCollapsed(): Set<string> {
  const raw = readStorage(COLLAPSED_STORAGE_KEY);
  if (raw === null) return new Set();
  try {
    const parsed: unknown = JSON.parse(raw);
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Remembers whether a rule set is collapsed; returns the new set. */
export function writeCollapsed(id: string, collapsed: boolean): Set<string> {
  const ids = [...readCollapsed()].filter((known) => known !== id);
  if (collapsed) ids.push(id);
  const kept = ids.slice(-MAX_REMEMBERED);
  writeStorage(COLLAPSED_STORAGE_KEY, kept.length === 0 ? null : JSON.stringify(kept));
  return new Set(kept);
}
