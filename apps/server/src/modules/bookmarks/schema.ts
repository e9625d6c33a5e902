import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../platform/db/tenant';
import { organizationIdColumn } from '../organizations/schema';
import { userIdColumn, users } from '../users/schema';

/**
 * A saved view of one report in one organization (spec 002 §3 Bookmark). User bookmarks and the
 * navigation menu (categories and their bookmarks, `parent_id`) share the table. Names and slugs
 * are unique within a report in two scopes: a private bookmark's among its creator's private
 * ones, the others among the organization's shared ones. Per creator for private ones, so that
 * saving a name never tells anyone that someone else keeps a private bookmark of that name
 * (the demo organization is shared by every user); the service also refuses a name the caller
 * already sees, so a route's slug names one bookmark in what a person sees.
 */
export const bookmarks = pgTable(
  'bookmarks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn(),
    reportSlug: text('report_slug').notNull(),
    name: text('name').notNull(),
    /** The name trimmed, lower cased and without accents: what the duplicate-name rule compares. */
    nameKey: text('name_key').notNull(),
    displayName: text('display_name').notNull(),
    slug: text('slug').notNull(),
    /** The encoded report state, validated before it is stored; null for a category. */
    state: text('state'),
    parentId: uuid('parent_id'),
    position: integer('position').notNull().default(0),
    isCategory: boolean('is_category').notNull().default(false),
    isNavigation: boolean('is_navigation').notNull().default(false),
    showDemo: boolean('show_demo').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    isPrivate: boolean('is_private').notNull().default(false),
    visibleToAll: boolean('visible_to_all').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookmarks_shared_name')
      .on(t.organizationId, t.reportSlug, t.nameKey)
      .where(sql`not is_private`),
    uniqueIndex('bookmarks_private_name')
      .on(t.organizationId, t.reportSlug, t.createdById, t.nameKey)
      .where(sql`is_private`),
    uniqueIndex('bookmarks_shared_slug')
      .on(t.organizationId, t.reportSlug, t.slug)
      .where(sql`not is_private`),
    uniqueIndex('bookmarks_private_slug')
      .on(t.organizationId, t.reportSlug, t.createdById, t.slug)
      .where(sql`is_private`),
    // The target of the composite keys below: nothing can point at another organization's bookmark.
    unique('bookmarks_id_organization').on(t.id, t.organizationId),
    foreignKey({
      name: 'bookmarks_parent_fk',
      columns: [t.parentId, t.organizationId],
      foreignColumns: [t.id, t.organizationId],
    }).onDelete('cascade'),
    index('bookmarks_parent').on(t.parentId),
    tenantPolicy('bookmarks'),
  ],
).enableRLS();

/** spec 002 §5: the members a bookmark is visible to (besides its creator) when not visible to all. */
export const bookmarkMembers = pgTable(
  'bookmark_members',
  {
    bookmarkId: uuid('bookmark_id').notNull(),
    organizationId: organizationIdColumn(),
    userId: userIdColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.bookmarkId, t.userId] }),
    foreignKey({
      name: 'bookmark_members_bookmark_fk',
      columns: [t.bookmarkId, t.organizationId],
      foreignColumns: [bookmarks.id, bookmarks.organizationId],
    }).onDelete('cascade'),
    index('bookmark_members_organization_user').on(t.organizationId, t.userId),
    tenantPolicy('bookmark_members'),
  ],
).enableRLS();

/**
 * Each member's default bookmark of a report (one at most), applied on the plain dashboard route.
 * Per member, not a flag of the bookmark: a bookmark shared with ten people can be the default of
 * some of them.
 */
export const bookmarkDefaults = pgTable(
  'bookmark_defaults',
  {
    organizationId: organizationIdColumn(),
    reportSlug: text('report_slug').notNull(),
    userId: userIdColumn(),
    bookmarkId: uuid('bookmark_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.reportSlug, t.userId] }),
    foreignKey({
      name: 'bookmark_defaults_bookmark_fk',
      columns: [t.bookmarkId, t.organizationId],
      foreignColumns: [bookmarks.id, bookmarks.organizationId],
    }).onDelete('cascade'),
    index('bookmark_defaults_bookmark').on(t.bookmarkId),
    tenantPolicy('bookmark_defaults'),
  ],
).enableRLS();
