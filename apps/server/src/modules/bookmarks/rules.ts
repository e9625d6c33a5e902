// The bookmark rules that need no database: who sees and edits what (spec 002 §5, §6), the
// navigation tree, slugs and the API shape. The service applies them inside its transactions.
import { bookmarkLimits, bookmarkSlug, can, type Bookmark, unreachable } from '@maya/contracts';
import type { Auth, OrganizationAccess } from '../../platform/guards';
import type { StoredBookmark } from './repository';

export type Caller = { access: OrganizationAccess; auth: Auth };

/** Staff and the organization's owners and admins manage every member's bookmarks (spec 002 §5). */
export function isManager({ access, auth }: Caller): boolean {
  return can({ ...access, isStaff: auth.isStaff }, 'bookmarks.manage');
}

/**
 * A demo organization is open to every user: what someone saves there is theirs alone unless
 * staff share it, so strangers never see each other's bookmarks.
 */
export function mustStayPrivate({ access, auth }: Caller): boolean {
  return access.isDemo && !auth.isStaff;
}

/** spec 002 §5, §6: the creator always; a private bookmark nobody else; else all or the chosen members. */
export function isVisibleTo(bookmark: StoredBookmark, userId: string): boolean {
  if (bookmark.createdById === userId) return true;
  if (bookmark.isPrivate) return false;
  return bookmark.visibleToAll || bookmark.memberIds.includes(userId);
}

export type ListScope = 'menu' | 'manage';

/**
 * What a caller may list: the menu shows the active bookmarks they see; settings (manage) also
 * the inactive ones and, for managers, everyone's that are not private.
 */
export function isListed(bookmark: StoredBookmark, caller: Caller, scope: ListScope): boolean {
  switch (scope) {
    case 'menu':
      return bookmark.isActive && isVisibleTo(bookmark, caller.auth.userId);
    case 'manage':
      return isVisibleTo(bookmark, caller.auth.userId) || (isManager(caller) && !bookmark.isPrivate);
    default: {
      return unreachable(scope);
    }
  }
}

/** Whose names a bookmark's name must not repeat: a private one's creator's, or the organization's. */
export type NameScope = { isPrivate: boolean; createdById: string | null };

function inScope(row: StoredBookmark, scope: NameScope): boolean {
  return row.isPrivate === scope.isPrivate && (!scope.isPrivate || row.createdById === scope.createdById);
}

/**
 * The bookmarks whose names and slugs a bookmark of `scope` may not repeat (spec 002 §5
 * 'Bookmark name already exists'): those of its scope (the unique indexes: a private bookmark
 * competes with its creator's private ones, a shared one with the shared ones) and those the
 * caller sees, so that a slug names one bookmark in what they see. Never another person's private
 * one: a refusal, or a slug numbered past it, would tell that it exists.
 */
export function competitors(
  rows: readonly StoredBookmark[],
  scope: NameScope,
  caller: Caller,
): StoredBookmark[] {
  return rows.filter((row) => inScope(row, scope) || isListed(row, caller, 'manage'));
}

/**
 * Rename, refresh, delete and visibility (spec 002 §4 "where the flags permit"): a user bookmark
 * by its creator or a manager; the navigation menu by managers only.
 */
export function canEdit(bookmark: StoredBookmark, caller: Caller): boolean {
  if (isManager(caller)) return true;
  return !bookmark.isNavigation && bookmark.createdById === caller.auth.userId;
}

/** The members a bookmark is shared with, its creator always among them (spec 002 §5). */
export function visibleTo(bookmark: StoredBookmark): string[] {
  const ids = new Set(bookmark.memberIds);
  if (bookmark.createdById !== null) ids.add(bookmark.createdById);
  return [...ids];
}

export type Presentation = {
  caller: Caller | null;
  /** The caller's default bookmarks (one per report). */
  defaults: ReadonlySet<string>;
  /** Children by parent id, already filtered to what the caller may list. */
  children: ReadonlyMap<string, StoredBookmark[]>;
};

/** The API's bookmark; `caller` null for the demo organization's bookmarks shown elsewhere. */
export function toBookmark(row: StoredBookmark, presentation: Presentation): Bookmark {
  const { caller } = presentation;
  return {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    slug: row.slug,
    report_slug: row.reportSlug,
    state: row.state,
    children: (presentation.children.get(row.id) ?? []).map((child) => toBookmark(child, presentation)),
    order: row.position,
    is_category: row.isCategory,
    is_navigation: row.isNavigation,
    show_demo: row.showDemo,
    is_active: row.isActive,
    is_default: presentation.defaults.has(row.id),
    is_private: row.isPrivate,
    visible_to_all: row.visibleToAll,
    visible_to: visibleTo(row),
    created_at: row.createdAt.toISOString(),
    created_by_id: row.createdById,
    can_edit: caller !== null && canEdit(row, caller),
  };
}

/** Children by parent id, keeping the list's order. */
export function childrenByParent(rows: readonly StoredBookmark[]): Map<string, StoredBookmark[]> {
  const map = new Map<string, StoredBookmark[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    map.set(row.parentId, [...(map.get(row.parentId) ?? []), row]);
  }
  return map;
}

/** How deep a bookmark sits in the menu: 1 at the top. */
export function depthOf(id: string, byId: ReadonlyMap<string, StoredBookmark>): number {
  let depth = 0;
  let current: string | null = id;
  while (current !== null && depth <= bookmarkLimits.maxDepth + 1) {
    depth += 1;
    current = byId.get(current)?.parentId ?? null;
  }
  return depth;
}

/** Levels below a bookmark (0 without children). */
export function heightOf(id: string, children: ReadonlyMap<string, StoredBookmark[]>): number {
  const below = children.get(id) ?? [];
  return below.length === 0 ? 0 : 1 + Math.max(...below.map((child) => heightOf(child.id, children)));
}

/** Whether `candidate` is `id` or one of its descendants (a move there would make a cycle). */
export function isWithin(candidate: string, id: string, byId: ReadonlyMap<string, StoredBookmark>): boolean {
  let current: string | null = candidate;
  for (let steps = 0; current !== null && steps <= bookmarkLimits.maxDepth + 1; steps++) {
    if (current === id) return true;
    current = byId.get(current)?.parentId ?? null;
  }
  return false;
}

/**
 * Navigation slugs share the route with the dashboard's own words
 * (`dashboard/{reportSlug}/edit`, `.../bookmarks/...`): a bookmark never takes them.
 */
const RESERVED_SLUGS = new Set(['edit', 'bookmarks']);

/** The first free slug for the name: its slug, else numbered (-2, -3, ...). */
export function freeSlug(name: string, taken: ReadonlySet<string>): string {
  const base = bookmarkSlug(name) || 'bookmark';
  if (!taken.has(base) && !RESERVED_SLUGS.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, bookmarkLimits.slugMaxLength - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
