import {
  BookmarkErrorType,
  bookmarkLimits,
  bookmarkNameKey,
  ReportErrorType,
  type Bookmark,
  type BookmarkChange,
  type BookmarkListResponse,
  type NewBookmark,
} from '@maya/contracts';
import type { Transaction } from '../../platform/db/pool';
import { withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { OrganizationAccess } from '../../platform/guards';
import type { Platform } from '../../platform/platform';
import { bookmarkNotFound, checkedMembers, checkedState, forbidden, invalidKind, nameExists } from './checks';
import { bookmarksRepository as repository, type StoredBookmark } from './repository';
import {
  canEdit,
  childrenByParent,
  competitors,
  depthOf,
  freeSlug,
  isListed,
  isManager,
  mustStayPrivate,
  toBookmark,
  type Caller,
  type ListScope,
} from './rules';
import { applyChange } from './update';

export type BookmarksDeps = {
  platform: Pick<Platform, 'database'>;
  /** The organization's member ids: `visible_to` may name only them. */
  memberIds(organizationId: string): Promise<string[]>;
  /** Whether the organization has the report (a built-in or one of its custom reports). */
  reportExists(access: OrganizationAccess, reportSlug: string): Promise<boolean>;
  /** The demo organization whose `show_demo` bookmarks every organization is offered; null without one. */
  demoOrganizationId(): Promise<string | null>;
};

export type BookmarksService = ReturnType<typeof createBookmarksService>;

/** Where a bookmark goes: under an existing category, under one created in the same batch, or the top. */
type Parent = { id: string; depth: number } | null;

const siblingsKey = (isNavigation: boolean, parentId: string | null) =>
  `${isNavigation ? 'nav' : 'user'}:${parentId ?? ''}`;

/** The next position among a set of siblings: after the last of those the caller sees. */
function nextPosition(rows: readonly StoredBookmark[], key: string): number {
  return (
    rows.reduce(
      (last, row) =>
        siblingsKey(row.isNavigation, row.parentId) === key ? Math.max(last, row.position) : last,
      -1,
    ) + 1
  );
}

export function createBookmarksService(deps: BookmarksDeps) {
  const { db } = deps.platform.database;
  // The demo organization's id never changes once it exists: asked until it is found.
  let demoId: string | null = null;

  async function requireReport(access: OrganizationAccess, reportSlug: string): Promise<void> {
    if (!(await deps.reportExists(access, reportSlug))) {
      throw new AppError(404, ReportErrorType.reportNotFound, {
        message: `there is no report ${reportSlug}`,
      });
    }
  }

  /** The caller's view of the report's bookmarks: user list and navigation tree. */
  function present(
    rows: readonly StoredBookmark[],
    caller: Caller,
    scope: ListScope,
    defaults: ReadonlySet<string>,
  ) {
    const byId = new Map(rows.map((row) => [row.id, row]));
    // A child is listed only under a listed parent: hiding a category hides what it holds.
    const listed = (row: StoredBookmark): boolean =>
      isListed(row, caller, scope) && (row.parentId === null || isListedId(row.parentId));
    const isListedId = (id: string): boolean => {
      const row = byId.get(id);
      return row !== undefined && listed(row);
    };
    const visible = rows.filter(listed);
    const children = childrenByParent(visible);
    const presentation = { caller, defaults, children };
    // The menu leaves out categories with nothing to open; settings shows them to be filled.
    const holdsSomething = (row: StoredBookmark): boolean =>
      !row.isCategory || (children.get(row.id) ?? []).some(holdsSomething);
    const shown = scope === 'menu' ? visible.filter(holdsSomething) : visible;
    const shownChildren = childrenByParent(shown);
    const shownPresentation = { ...presentation, children: shownChildren };
    return {
      bookmarks: shown.filter((row) => !row.isNavigation).map((row) => toBookmark(row, shownPresentation)),
      navigation: shown
        .filter((row) => row.isNavigation && row.parentId === null)
        .map((row) => toBookmark(row, shownPresentation)),
      /** One bookmark as the caller sees it, its listed children included. */
      one: (row: StoredBookmark): Bookmark => toBookmark(row, shownPresentation),
    };
  }

  /** The demo organization's bookmarks of the report, offered to another organization read-only. */
  async function demoBookmarks(organizationId: string, reportSlug: string): Promise<Bookmark[]> {
    demoId ??= await deps.demoOrganizationId();
    if (demoId === null || demoId === organizationId) return [];
    const rows = await withOrganization(db, demoId, (tx) => repository.listForReport(tx, reportSlug));
    return rows
      .filter((row) => row.showDemo && row.isActive && !row.isPrivate && row.visibleToAll && !row.isCategory)
      .map((row) => toBookmark(row, { caller: null, defaults: new Set(), children: new Map() }));
  }

  /** Inserts one bookmark of a batch (and its children), checking every rule first. */
  async function insertOne(
    tx: Transaction,
    caller: Caller,
    context: {
      reportSlug: string;
      members: ReadonlySet<string>;
      /** Every bookmark of the report, those of this batch included as they are inserted. */
      rows: StoredBookmark[];
      byId: Map<string, StoredBookmark>;
    },
    input: NewBookmark,
    parent: Parent,
  ): Promise<{ id: string; created: StoredBookmark[] }> {
    const { access, auth } = caller;
    const isCategory = input.is_category ?? false;
    const children = input.children ?? [];
    const isNavigation = isCategory || parent !== null || (input.is_navigation ?? false);
    if (children.length > 0 && !isCategory) throw invalidKind('Only a category holds other bookmarks');
    if (isNavigation && !isManager(caller)) throw forbidden('Only admins manage the navigation menu');
    if (isCategory && input.state != null) throw invalidKind('A category has no state');
    if (!isCategory && input.state == null) throw invalidKind('A bookmark needs the report state');
    if (isCategory && input.is_default === true) throw invalidKind('A category cannot be the default');
    if (input.show_demo === true && !(auth.isStaff && access.isDemo)) {
      throw forbidden('Only staff show bookmarks of the demo organization to everyone');
    }
    const isPrivate = input.is_private ?? mustStayPrivate(caller);
    if (!isPrivate && mustStayPrivate(caller))
      throw forbidden('Bookmarks in a demo organization are private');
    const memberIds = checkedMembers(input.visible_to ?? [], auth.userId, context.members);
    if (memberIds.length > 0 && !isManager(caller)) {
      throw forbidden('Only admins choose the members a bookmark is visible to');
    }
    const depth = (parent?.depth ?? 0) + 1;
    if (depth > bookmarkLimits.maxDepth) {
      throw new AppError(422, BookmarkErrorType.invalidParent, { message: 'The menu is too deep' });
    }

    const name = input.name.trim();
    const nameKey = bookmarkNameKey(name);
    const others = competitors(context.rows, { isPrivate, createdById: auth.userId }, caller);
    if (others.some((row) => row.nameKey === nameKey)) throw nameExists(name);
    const slug = freeSlug(name, new Set(others.map((row) => row.slug)));
    const parentId = parent?.id ?? null;
    // Placed after what the caller sees: counting everyone's would tell how many others keep.
    const seen = context.rows.filter((row) => isListed(row, caller, 'manage'));
    const position = input.order ?? nextPosition(seen, siblingsKey(isNavigation, parentId));

    const row = await repository.insert(tx, {
      organizationId: access.organizationId,
      reportSlug: context.reportSlug,
      name,
      nameKey,
      displayName: input.display_name?.trim() || name,
      slug,
      state: input.state == null ? null : checkedState(input.state),
      parentId,
      position,
      isCategory,
      isNavigation,
      showDemo: input.show_demo ?? false,
      isActive: input.is_active ?? true,
      isPrivate,
      visibleToAll: input.visible_to_all ?? true,
      createdById: auth.userId,
    });
    await repository.setMembers(tx, access.organizationId, row.id, memberIds);
    const stored = { ...row, memberIds };
    context.byId.set(row.id, stored);
    context.rows.push(stored);
    const created = [stored];
    for (const child of children) {
      const inserted = await insertOne(tx, caller, context, child, { id: row.id, depth });
      created.push(...inserted.created);
    }
    if (input.is_default === true) {
      await repository.setDefault(tx, {
        organizationId: access.organizationId,
        reportSlug: context.reportSlug,
        userId: auth.userId,
        bookmarkId: row.id,
      });
    }
    return { id: row.id, created };
  }

  /** The existing category a batch adds to: one of the report's, not too deep. */
  function existingParent(
    byId: ReadonlyMap<string, StoredBookmark>,
    caller: Caller,
    parentId: string,
  ): Parent {
    const parent = byId.get(parentId);
    if (parent === undefined || !isListed(parent, caller, 'manage') || !parent.isCategory) {
      throw new AppError(422, BookmarkErrorType.invalidParent, {
        message: 'The parent is not a navigation category of this report',
      });
    }
    return { id: parent.id, depth: depthOf(parent.id, byId) };
  }

  /** The organization's bookmark `id` of the report when it holds a view (not a category). */
  async function viewOf(organizationId: string, reportSlug: string, id: string) {
    const row = await withOrganization(db, organizationId, (tx) => repository.find(tx, id));
    return row === null || row.reportSlug !== reportSlug || row.isCategory ? null : row;
  }

  return {
    /**
     * spec 002 §7 Get bookmarks and navigation bookmarks (and the demo organization's) of one
     * report; settings (manage) may ask for every report at once (`reportSlug` null), the
     * bookmarks of a report that no longer exists included, so that they can still be deleted.
     */
    async list(caller: Caller, reportSlug: string | null, scope: ListScope): Promise<BookmarkListResponse> {
      const { access, auth } = caller;
      if (reportSlug !== null) await requireReport(access, reportSlug);
      const { rows, defaults } = await withOrganization(db, access.organizationId, async (tx) => ({
        rows: await repository.listForReport(tx, reportSlug),
        defaults: await repository.defaultsOf(tx, auth.userId, reportSlug),
      }));
      const view = present(rows, caller, scope, defaults);
      return {
        bookmarks: view.bookmarks,
        navigation_bookmarks: view.navigation,
        demo_bookmarks: reportSlug === null ? [] : await demoBookmarks(access.organizationId, reportSlug),
      };
    },

    /** spec 002 §7 Batch create: every bookmark is checked and saved, or none is. */
    async create(caller: Caller, reportSlug: string, inputs: readonly NewBookmark[]): Promise<Bookmark[]> {
      const { access, auth } = caller;
      await requireReport(access, reportSlug);
      const members = new Set(await deps.memberIds(access.organizationId));
      const count = (items: readonly NewBookmark[]): number =>
        items.reduce((sum, item) => sum + 1 + count(item.children ?? []), 0);
      const total = count(inputs);
      if (total > bookmarkLimits.maxBatch) {
        throw new AppError(422, BookmarkErrorType.invalidKind, {
          message: `At most ${bookmarkLimits.maxBatch} bookmarks at once`,
        });
      }
      return withOrganization(db, access.organizationId, async (tx) => {
        await repository.lockReport(tx, access.organizationId, reportSlug);
        const rows = await repository.listForReport(tx, reportSlug);
        // Per person: one who filled it (with private bookmarks nobody else can even delete, or
        // in the demo organization everyone shares) must not stop anyone else from saving.
        const own = rows.filter((row) => row.createdById === auth.userId).length;
        if (own + total > bookmarkLimits.maxPerReport) {
          throw new AppError(422, BookmarkErrorType.invalidKind, {
            message: `You can keep at most ${bookmarkLimits.maxPerReport} bookmarks on a report`,
          });
        }
        const byId = new Map(rows.map((row) => [row.id, row]));
        const context = { reportSlug, members, rows: [...rows], byId };
        const topIds: string[] = [];
        const created: StoredBookmark[] = [];
        for (const input of inputs) {
          const parent = input.parent_id == null ? null : existingParent(byId, caller, input.parent_id);
          const inserted = await insertOne(tx, caller, context, input, parent);
          topIds.push(inserted.id);
          created.push(...inserted.created);
        }
        const defaults = await repository.defaultsOf(tx, auth.userId, reportSlug);
        const presentation = { caller, defaults, children: childrenByParent(created) };
        return created.filter((row) => topIds.includes(row.id)).map((row) => toBookmark(row, presentation));
      });
    },

    /** spec 002 §7 Update: rename, refresh the state, visibility, default, order, menu place. */
    async update(caller: Caller, reportSlug: string, id: string, change: BookmarkChange): Promise<Bookmark> {
      const { access, auth } = caller;
      const members = change.visible_to
        ? new Set(await deps.memberIds(access.organizationId))
        : new Set<string>();
      return withOrganization(db, access.organizationId, async (tx) => {
        await repository.lockReport(tx, access.organizationId, reportSlug);
        const rows = await repository.listForReport(tx, reportSlug);
        const row = rows.find((candidate) => candidate.id === id);
        if (row === undefined || !isListed(row, caller, 'manage')) throw bookmarkNotFound();
        await applyChange(tx, { caller, row, rows, change, members });
        const after = await repository.listForReport(tx, reportSlug);
        const updated = after.find((candidate) => candidate.id === id);
        if (updated === undefined) throw new Error(`bookmark ${id} vanished inside its update`);
        const defaults = await repository.defaultsOf(tx, auth.userId, reportSlug);
        return present(after, caller, 'manage', defaults).one(updated);
      });
    },

    /**
     * A bookmark of the report that the caller sees in its menu, not a category: what a schedule
     * may mail (report-schedules). Null when there is none.
     */
    async menuView(
      caller: Caller,
      reportSlug: string,
      id: string,
    ): Promise<{ name: string; state: string | null } | null> {
      const row = await viewOf(caller.access.organizationId, reportSlug, id);
      return row !== null && isListed(row, caller, 'menu') ? { name: row.name, state: row.state } : null;
    },

    /** The bookmark's view as it is now (a scheduled delivery follows it); null once it is gone. */
    async currentView(
      organizationId: string,
      reportSlug: string,
      id: string,
    ): Promise<{ state: string | null } | null> {
      const row = await viewOf(organizationId, reportSlug, id);
      return row === null ? null : { state: row.state };
    },

    /** spec 002 §7 Delete; a category's bookmarks go with it. */
    async remove(caller: Caller, reportSlug: string, id: string): Promise<void> {
      const { access } = caller;
      await withOrganization(db, access.organizationId, async (tx) => {
        await repository.lockReport(tx, access.organizationId, reportSlug);
        const row = await repository.find(tx, id);
        if (row === null || row.reportSlug !== reportSlug || !isListed(row, caller, 'manage')) {
          throw bookmarkNotFound();
        }
        if (!canEdit(row, caller)) throw forbidden('Only its creator or an admin deletes a bookmark');
        await repository.delete(tx, id);
      });
    },
  };
}
