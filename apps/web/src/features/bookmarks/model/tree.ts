import type { Bookmark, BookmarkListResponse, Role } from '@maya/contracts';
import { dashboardPath } from '../../../shared/organizations';

/** Where a bookmark came from: the organization's own lists, or the demo organization's (read-only). */
export type BookmarkSource = 'own' | 'demo';

/** Every bookmark of a tree, depth first (a category before what it holds). */
export function flatten(bookmarks: readonly Bookmark[]): Bookmark[] {
  return bookmarks.flatMap((bookmark) => [bookmark, ...flatten(bookmark.children)]);
}

/** The organization's own bookmarks the caller sees: navigation first, then the user bookmarks. */
export function ownBookmarks(list: BookmarkListResponse): Bookmark[] {
  return [...flatten(list.navigation_bookmarks), ...list.bookmarks];
}

export type Found = { bookmark: Bookmark; source: BookmarkSource };

/** The applicable bookmark (not a category) with this slug: the organization's own first, then the demo's. */
export function findBySlug(list: BookmarkListResponse, slug: string): Found | null {
  const own = ownBookmarks(list).find((b) => b.slug === slug && !b.is_category);
  if (own) return { bookmark: own, source: 'own' };
  const demo = list.demo_bookmarks.find((b) => b.slug === slug);
  return demo ? { bookmark: demo, source: 'demo' } : null;
}

export function findById(list: BookmarkListResponse, id: string, source: BookmarkSource): Bookmark | null {
  const pool = source === 'demo' ? list.demo_bookmarks : ownBookmarks(list);
  return pool.find((b) => b.id === id) ?? null;
}

/** The caller's default bookmark of the report, applied on the plain dashboard route. */
export function defaultBookmark(list: BookmarkListResponse): Bookmark | null {
  return ownBookmarks(list).find((b) => b.is_default && !b.is_category) ?? null;
}

/**
 * The route that applies a bookmark (spec 002 §2): a navigation bookmark has its own
 * `dashboard/{reportSlug}/{slug}`, the others `dashboard/{reportSlug}/bookmarks/{slug}`.
 */
export function bookmarkPath(organizationSlug: string, reportSlug: string, bookmark: Bookmark): string {
  const rest = bookmark.is_navigation ? bookmark.slug : `bookmarks/${bookmark.slug}`;
  return `${dashboardPath(organizationSlug, reportSlug)}/${rest.split('/').map(encodeURIComponent).join('/')}`;
}

/** spec 002 §5: staff and the organization's owners and admins see and edit every member's row. */
export function managesBookmarks(role: Role | null, isStaff: boolean): boolean {
  return isStaff || role === 'owner' || role === 'admin';
}
