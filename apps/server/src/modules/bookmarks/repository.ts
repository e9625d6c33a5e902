import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../platform/db/pool';
import { bookmarkDefaults, bookmarkMembers, bookmarks } from './schema';

export type BookmarkRow = typeof bookmarks.$inferSelect;
/** A bookmark with the members it is shared with (`bookmark_members`). */
export type StoredBookmark = BookmarkRow & { memberIds: string[] };
export type NewBookmarkRow = typeof bookmarks.$inferInsert;
export type BookmarkRowChange = Partial<
  Pick<
    BookmarkRow,
    | 'name'
    | 'nameKey'
    | 'displayName'
    | 'slug'
    | 'state'
    | 'parentId'
    | 'position'
    | 'showDemo'
    | 'isActive'
    | 'isPrivate'
    | 'visibleToAll'
  >
>;

async function withMembers(tx: Transaction, rows: BookmarkRow[]): Promise<StoredBookmark[]> {
  if (rows.length === 0) return [];
  const members = await tx
    .select({ bookmarkId: bookmarkMembers.bookmarkId, userId: bookmarkMembers.userId })
    .from(bookmarkMembers)
    .where(
      inArray(
        bookmarkMembers.bookmarkId,
        rows.map((row) => row.id),
      ),
    );
  const byBookmark = new Map<string, string[]>();
  for (const { bookmarkId, userId } of members) {
    byBookmark.set(bookmarkId, [...(byBookmark.get(bookmarkId) ?? []), userId]);
  }
  return rows.map((row) => ({ ...row, memberIds: byBookmark.get(row.id) ?? [] }));
}

/** An organization's bookmarks; every call runs inside withOrganization (row-level security). */
export const bookmarksRepository = {
  /**
   * Serialises the writes to one report's bookmarks until the transaction ends, so that the
   * duplicate-name check, the slug numbering and the ordering see every committed bookmark.
   */
  async lockReport(tx: Transaction, organizationId: string, reportSlug: string): Promise<void> {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`bookmarks:${organizationId}:${reportSlug}`}, 0))`,
    );
  },

  /** Every bookmark of the report (of every report with null), in menu order (position, then age). */
  async listForReport(tx: Transaction, reportSlug: string | null): Promise<StoredBookmark[]> {
    const rows = await tx
      .select()
      .from(bookmarks)
      .where(reportSlug === null ? undefined : eq(bookmarks.reportSlug, reportSlug))
      .orderBy(asc(bookmarks.position), asc(bookmarks.createdAt), asc(bookmarks.id));
    return withMembers(tx, rows);
  },

  async find(tx: Transaction, id: string): Promise<StoredBookmark | null> {
    const rows = await tx.select().from(bookmarks).where(eq(bookmarks.id, id));
    const [found] = await withMembers(tx, rows);
    return found ?? null;
  },

  async insert(tx: Transaction, values: NewBookmarkRow): Promise<BookmarkRow> {
    const [row] = await tx.insert(bookmarks).values(values).returning();
    if (!row) throw new Error('bookmark insert returned nothing');
    return row;
  },

  async update(tx: Transaction, id: string, change: BookmarkRowChange): Promise<void> {
    await tx
      .update(bookmarks)
      .set({ ...change, updatedAt: sql`now()` })
      .where(eq(bookmarks.id, id));
  },

  /** Deletes the bookmark; a category's children, members and defaults go with it (cascade). */
  async delete(tx: Transaction, id: string): Promise<boolean> {
    const rows = await tx.delete(bookmarks).where(eq(bookmarks.id, id)).returning({ id: bookmarks.id });
    return rows.length > 0;
  },

  /** Replaces the members a bookmark is shared with. */
  async setMembers(
    tx: Transaction,
    organizationId: string,
    bookmarkId: string,
    userIds: readonly string[],
  ): Promise<void> {
    await tx.delete(bookmarkMembers).where(eq(bookmarkMembers.bookmarkId, bookmarkId));
    if (userIds.length === 0) return;
    await tx
      .insert(bookmarkMembers)
      .values(userIds.map((userId) => ({ bookmarkId, organizationId, userId })));
  },

  /** The member's default bookmarks: of the report (one at most), or of every report with null. */
  async defaultsOf(tx: Transaction, userId: string, reportSlug: string | null): Promise<Set<string>> {
    const rows = await tx
      .select({ bookmarkId: bookmarkDefaults.bookmarkId })
      .from(bookmarkDefaults)
      .where(
        and(
          eq(bookmarkDefaults.userId, userId),
          reportSlug === null ? undefined : eq(bookmarkDefaults.reportSlug, reportSlug),
        ),
      );
    return new Set(rows.map((row) => row.bookmarkId));
  },

  /** Makes the bookmark the member's default of the report, replacing the previous one. */
  async setDefault(
    tx: Transaction,
    values: { organizationId: string; reportSlug: string; userId: string; bookmarkId: string },
  ): Promise<void> {
    await tx
      .insert(bookmarkDefaults)
      .values(values)
      .onConflictDoUpdate({
        target: [bookmarkDefaults.organizationId, bookmarkDefaults.reportSlug, bookmarkDefaults.userId],
        set: { bookmarkId: values.bookmarkId },
      });
  },

  /** Clears the member's default when it is this bookmark. */
  async clearDefault(tx: Transaction, userId: string, bookmarkId: string): Promise<void> {
    await tx
      .delete(bookmarkDefaults)
      .where(and(eq(bookmarkDefaults.userId, userId), eq(bookmarkDefaults.bookmarkId, bookmarkId)));
  },
};
