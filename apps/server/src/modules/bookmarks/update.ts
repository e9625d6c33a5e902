// One bookmark's update (spec 002 §7 Update bookmark): every rule checked before anything is
// written, inside the service's transaction, so a refused change leaves the bookmark as it was.
import { BookmarkErrorType, bookmarkLimits, bookmarkNameKey, type BookmarkChange } from '@maya/contracts';
import type { Transaction } from '../../platform/db/pool';
import { AppError } from '../../platform/errors';
import { bookmarksRepository as repository, type BookmarkRowChange, type StoredBookmark } from './repository';
import {
  canEdit,
  childrenByParent,
  competitors,
  depthOf,
  freeSlug,
  heightOf,
  isListed,
  isManager,
  isWithin,
  mustStayPrivate,
  type Caller,
} from './rules';
import { checkedMembers, checkedState, forbidden, invalidKind, nameExists } from './checks';

export type ChangeInput = {
  caller: Caller;
  row: StoredBookmark;
  /** Every bookmark of the report, `row` among them. */
  rows: readonly StoredBookmark[];
  change: BookmarkChange;
  /** The organization's member ids (read when the change names `visible_to`). */
  members: ReadonlySet<string>;
};

/** Whether the change touches the bookmark itself, not only the caller's default. */
function editsBookmark(change: BookmarkChange): boolean {
  const { is_default: _isDefault, ...rest } = change;
  return Object.values(rest).some((value) => value !== undefined);
}

/**
 * The name, checked against the bookmarks it competes with in the scope it ends in (a change of
 * `is_private` moves it to another scope, where its name must be free too and its slug is
 * renumbered only if taken there). The slug does not follow a rename.
 */
function renamed(input: ChangeInput, fields: BookmarkRowChange): void {
  const { caller, row, rows, change } = input;
  const isPrivate = change.is_private ?? row.isPrivate;
  if (change.name !== undefined || isPrivate !== row.isPrivate) {
    const name = change.name?.trim() ?? row.name;
    const nameKey = bookmarkNameKey(name);
    const scope = { isPrivate, createdById: row.createdById };
    const others = competitors(
      rows.filter((other) => other.id !== row.id),
      scope,
      caller,
    );
    if (others.some((other) => other.nameKey === nameKey)) throw nameExists(name);
    const taken = new Set(others.map((other) => other.slug));
    if (name !== row.name) {
      // The slug is the bookmark's address and stays, so links copied before a rename keep
      // working (decision 200); only a clash in the scope it moves to renumbers it, below.
      fields.name = name;
      fields.nameKey = nameKey;
      // A navigation item may carry its own label; a user bookmark's label is its name.
      if (!row.isNavigation || row.displayName === row.name) fields.displayName = name;
    }
    if (taken.has(row.slug)) {
      fields.slug = freeSlug(name, taken);
    }
  }
  if (change.display_name !== undefined) {
    const label = change.display_name?.trim() ?? '';
    fields.displayName = label === '' ? (fields.name ?? row.name) : label;
  }
}

function visibility(input: ChangeInput, fields: BookmarkRowChange): string[] | null {
  const { caller, row, change, members } = input;
  if (change.is_private === false && mustStayPrivate(caller)) {
    throw forbidden('Bookmarks in a demo organization are private');
  }
  if (change.is_private !== undefined) fields.isPrivate = change.is_private;
  if (change.visible_to_all !== undefined) fields.visibleToAll = change.visible_to_all;
  if (change.visible_to === undefined) return null;
  const chosen = checkedMembers(change.visible_to, row.createdById, members);
  if (!isManager(caller)) {
    // spec 002 §5: other users see only their own row; the members an admin chose stay as they are.
    const current = new Set(row.memberIds.filter((id) => id !== row.createdById));
    const same = chosen.length === current.size && chosen.every((id) => current.has(id));
    if (!same) throw forbidden('Only admins choose the members a bookmark is visible to');
  }
  return chosen;
}

function moved(input: ChangeInput, fields: BookmarkRowChange): void {
  const { caller, row, rows, change } = input;
  if (change.parent_id === undefined) return;
  if (!row.isNavigation) throw invalidKind('Only navigation bookmarks sit in categories');
  if (change.parent_id === null) {
    fields.parentId = null;
    return;
  }
  const byId = new Map(rows.map((other) => [other.id, other]));
  const parent = byId.get(change.parent_id);
  const invalidParent = (message: string) => new AppError(422, BookmarkErrorType.invalidParent, { message });
  if (parent === undefined || !parent.isCategory || !isListed(parent, caller, 'manage')) {
    throw invalidParent('The parent is not a navigation category of this report');
  }
  if (isWithin(parent.id, row.id, byId)) throw invalidParent('A category cannot go inside itself');
  const height = heightOf(row.id, childrenByParent(rows));
  if (depthOf(parent.id, byId) + 1 + height > bookmarkLimits.maxDepth) {
    throw invalidParent('The menu is too deep');
  }
  fields.parentId = parent.id;
}

/** Checks the change against the rules, then writes it. */
export async function applyChange(tx: Transaction, input: ChangeInput): Promise<void> {
  const { caller, row, change } = input;
  const { access, auth } = caller;
  if (editsBookmark(change) && !canEdit(row, caller)) {
    throw forbidden('Only its creator or an admin changes a bookmark');
  }
  if (change.is_default === true && row.isCategory) throw invalidKind('A category cannot be the default');
  if (change.state !== undefined && row.isCategory) throw invalidKind('A category has no state');
  if (change.show_demo !== undefined && !(auth.isStaff && access.isDemo)) {
    throw forbidden('Only staff show bookmarks of the demo organization to everyone');
  }
  // Hiding a bookmark from everyone, the manager included, is its creator's choice; refused
  // before any name is compared, as a clash there would tell of its creator's private names.
  if (change.is_private === true && !row.isPrivate && row.createdById !== auth.userId) {
    throw forbidden('Only its creator makes a bookmark private');
  }

  const fields: BookmarkRowChange = {};
  renamed(input, fields);
  if (change.state !== undefined) fields.state = checkedState(change.state);
  const memberIds = visibility(input, fields);
  moved(input, fields);
  if (change.order !== undefined) fields.position = change.order;
  if (change.is_active !== undefined) fields.isActive = change.is_active;
  if (change.show_demo !== undefined) fields.showDemo = change.show_demo;

  if (Object.keys(fields).length > 0) await repository.update(tx, row.id, fields);
  if (memberIds !== null) await repository.setMembers(tx, access.organizationId, row.id, memberIds);
  if (change.is_default === true) {
    await repository.setDefault(tx, {
      organizationId: access.organizationId,
      reportSlug: row.reportSlug,
      userId: auth.userId,
      bookmarkId: row.id,
    });
  } else if (change.is_default === false) {
    await repository.clearDefault(tx, auth.userId, row.id);
  }
}
