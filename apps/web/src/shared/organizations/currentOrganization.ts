import { readStorage, writeStorage } from '../lib/storage';

/**
 * What the browser remembers about organizations (spec 000 §3, 002 §3 "Local storage keys"): the
 * current organization's slug, and per slug the details the app needs before the list has
 * loaded (id, is_demo, name). Storage failures (private mode, quota) are ignored: these are hints.
 */
export const CURRENT_ORGANIZATION_KEY = 'currentOrganization';
export const ORGANIZATION_CACHE_KEY = 'organizationCache';

export type CachedOrganization = { id: string; is_demo: boolean; name: string };

/** The slug of the organization the user worked in last; null when none is saved. */
export function getCurrentOrganizationSlug(): string | null {
  const slug = readStorage(CURRENT_ORGANIZATION_KEY);
  return slug === null || slug === '' ? null : slug;
}

export function setCurrentOrganizationSlug(slug: string): void {
  writeStorage(CURRENT_ORGANIZATION_KEY, slug);
}

/** Sign-out forgets the current organization (spec 000 §2 Sign-out). */
export function forgetCurrentOrganization(): void {
  writeStorage(CURRENT_ORGANIZATION_KEY, null);
}

function readCache(): Record<string, CachedOrganization> {
  const raw = readStorage(ORGANIZATION_CACHE_KEY);
  if (raw === null) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, CachedOrganization>)
      : {};
  } catch {
    return {};
  }
}

export function cacheOrganization(slug: string, details: CachedOrganization): void {
  const cache = readCache();
  const { id, is_demo, name } = details;
  cache[slug] = { id, is_demo, name };
  writeStorage(ORGANIZATION_CACHE_KEY, JSON.stringify(cache));
}

export function getCachedOrganization(slug: string): CachedOrganization | null {
  const entry = readCache()[slug];
  return entry !== undefined && typeof entry.id === 'string' ? entry : null;
}
