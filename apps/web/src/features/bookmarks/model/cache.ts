import { BookmarkListResponseSchema, type BookmarkListResponse } from '@maya/contracts';
import { tokenStore } from '../../../shared/auth';
import { readStorage, writeStorage } from '../../../shared/lib/storage';

/**
 * The bookmark cache per organization and report (spec 002 §3 local storage keys): the last
 * menu the user saw, shown at once on the next visit while the list is asked again. It records
 * whose menu it is, so that another user of the browser never sees someone's private bookmarks.
 */
export function bookmarkCacheKey(organizationId: string, reportSlug: string): string {
  return `bookmarks:${organizationId}:${reportSlug}`;
}

const currentUserId = (): string | null => tokenStore.get()?.userId ?? null;

export function readBookmarkCache(
  organizationId: string,
  reportSlug: string,
): BookmarkListResponse | undefined {
  const raw = readStorage(bookmarkCacheKey(organizationId, reportSlug));
  const userId = currentUserId();
  if (raw === null || userId === null) return undefined;
  try {
    const cached = JSON.parse(raw) as { userId?: unknown; list?: unknown };
    if (cached.userId !== userId) return undefined;
    const parsed = BookmarkListResponseSchema.safeParse(cached.list);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeBookmarkCache(
  organizationId: string,
  reportSlug: string,
  list: BookmarkListResponse,
): void {
  const userId = currentUserId();
  if (userId === null) return;
  writeStorage(bookmarkCacheKey(organizationId, reportSlug), JSON.stringify({ userId, list }));
}
