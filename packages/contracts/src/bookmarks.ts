import { z } from 'zod/mini';
import { reportLimits, ReportSlugSchema } from './reports/common';
import { atMostCharacters } from './validation';

/**
 * Bookmarks (spec 002 §2 Bookmark menu, §3 Bookmark, §4 Bookmarks, §5, §6, §7 Embed and bookmarks,
 * §8): a saved view of one report (its `state` is an encoded ReportState) in one organization.
 * User bookmarks are captured from the dashboard; navigation bookmarks (admins) form the nested
 * menu with categories; demo bookmarks are the demo organization's, offered to everyone on the
 * same report with a 'Demo' badge.
 */

export const BookmarkErrorType = {
  /** spec 002 §8: a 404 shows 'Could not create/delete/update bookmark'. */
  notFound: 'bookmark_not_found',
  /** spec 002 §5: 'Bookmark name already exists' (409). */
  nameExists: 'bookmark_name_exists',
  /** The caller may not change this bookmark, or set this field (403). */
  forbidden: 'bookmark_forbidden',
  /** A parent that is not a navigation category of the same report, or nesting too deep (422). */
  invalidParent: 'bookmark_invalid_parent',
  /** visible_to names someone who is not a member of the organization (422). */
  invalidVisibility: 'bookmark_invalid_visibility',
  /** A category has no state; every other bookmark has one (422). */
  invalidKind: 'bookmark_invalid_kind',
} as const;
export type BookmarkErrorType = (typeof BookmarkErrorType)[keyof typeof BookmarkErrorType];

export const bookmarkLimits = {
  nameMaxLength: 100,
  slugMaxLength: 64,
  /** Bookmarks in one batch create, children included. */
  maxBatch: 50,
  /** Navigation menu depth: a category, its sub-category, their bookmarks. */
  maxDepth: 3,
  /**
   * Bookmarks one person keeps on one report of an organization: beyond it their create is
   * refused. Per person, so nobody's bookmarks (private, or in the shared demo organization)
   * stop anyone else from saving.
   */
  maxPerReport: 1_000,
} as const;

export const bookmarkMessages = {
  /** spec 002 §5. */
  required: 'Required',
  /** spec 002 §5. */
  nameExists: 'Bookmark name already exists',
} as const;

/**
 * A bookmark's address in its report (`dashboard/{reportSlug}/bookmarks/{slug}`): the name lower
 * cased, characters that are not letters, digits, spaces or dashes removed, spaces and dashes
 * collapsed to one dash (the spec's slug rule, 002 §5, over Unicode letters so that a Greek name
 * keeps its words). Empty when the name has no letter or digit; the server then numbers 'bookmark'.
 */
export function bookmarkSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, bookmarkLimits.slugMaxLength)
    .replace(/-+$/, '');
}

/** The same name for the duplicate check: trimmed, case and accents ignored. */
export function bookmarkNameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
}

/** spec 002 §5: required ('Required'). */
export const BookmarkNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, bookmarkMessages.required), atMostCharacters(bookmarkLimits.nameMaxLength));

/** The encoded ReportState; the server decodes it (decodeReportState) before saving anything. */
export const EncodedStateSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(reportLimits.maxEncodedStateLength));

/** spec 002 §3 Bookmark, as the caller sees it. */
export type Bookmark = {
  id: string;
  name: string;
  /** The label menus show: the name unless an admin gave a navigation item another. */
  displayName: string;
  slug: string;
  report_slug: string;
  /** The encoded report state; null for a category. */
  state: string | null;
  /** A category's bookmarks and sub-categories, in order; empty otherwise. */
  children: Bookmark[];
  order: number;
  /** Not clickable: it groups navigation bookmarks. */
  is_category: boolean;
  /** In the organization's navigation menu (admins manage it) rather than a user's list. */
  is_navigation: boolean;
  /** The demo organization's bookmark, offered to every organization on the same report ('Demo' badge). */
  show_demo: boolean;
  /** Listed in the menus; inactive bookmarks stay in settings only. */
  is_active: boolean;
  /** The caller's default bookmark of this report, applied on the plain dashboard route. */
  is_default: boolean;
  /** Shown only to its creator (spec 002 §6). */
  is_private: boolean;
  /** Visible to every member (the switch of spec 002 §5); else to `visible_to` and the creator. */
  visible_to_all: boolean;
  /** The members who see it; the creator is always among them (spec 002 §5). */
  visible_to: string[];
  created_at: string;
  created_by_id: string | null;
  /** The caller may rename, refresh, delete and edit its visibility (spec 002 §4 "flags permit"). */
  can_edit: boolean;
};

const bookmarkFields = {
  id: z.uuid(),
  name: z.string(),
  displayName: z.string(),
  slug: z.string(),
  report_slug: ReportSlugSchema,
  state: z.nullable(z.string()),
  order: z.int(),
  is_category: z.boolean(),
  is_navigation: z.boolean(),
  show_demo: z.boolean(),
  is_active: z.boolean(),
  is_default: z.boolean(),
  is_private: z.boolean(),
  visible_to_all: z.boolean(),
  visible_to: z.array(z.uuid()),
  created_at: z.iso.datetime(),
  created_by_id: z.nullable(z.uuid()),
  can_edit: z.boolean(),
};

/**
 * The menu is at most `bookmarkLimits.maxDepth` (3) levels deep, so the schema spells the levels
 * out instead of recursing: OpenAPI gets a plain inline schema, and a deeper tree is refused.
 */
const BookmarkLevel3Schema = z.object({ ...bookmarkFields, children: z.array(z.never()) });
const BookmarkLevel2Schema = z.object({ ...bookmarkFields, children: z.array(BookmarkLevel3Schema) });
export const BookmarkSchema: z.ZodMiniType<Bookmark> = z.object({
  ...bookmarkFields,
  children: z.array(BookmarkLevel2Schema),
});

/**
 * GET /bookmarks: `scope=menu` (default) what the dashboard menu lists; `scope=manage` what the
 * settings tab manages (inactive ones too; for owners and admins every bookmark that is not
 * someone else's private one), of one report or, without `report_slug`, of every report.
 */
export const BookmarkListQuerySchema = z
  .object({
    organization_id: z.uuid(),
    report_slug: z.optional(ReportSlugSchema),
    scope: z._default(z.enum(['menu', 'manage']), 'menu'),
  })
  .check(
    z.refine((query) => query.scope === 'manage' || query.report_slug !== undefined, {
      message: 'The menu lists one report: report_slug is required',
      path: ['report_slug'],
    }),
  );
export type BookmarkListQuery = z.input<typeof BookmarkListQuerySchema>;

/** spec 002 §7 Get bookmarks and navigation bookmarks. */
export const BookmarkListResponseSchema = z.object({
  /** The user bookmarks the caller sees, in order. */
  bookmarks: z.array(BookmarkSchema),
  /** The navigation menu: top-level items with their children. */
  navigation_bookmarks: z.array(BookmarkSchema),
  /** The demo organization's bookmarks of this report (empty inside the demo organization). */
  demo_bookmarks: z.array(BookmarkSchema),
});
export type BookmarkListResponse = z.infer<typeof BookmarkListResponseSchema>;

/** What `visible_to` may be: member ids, at most a member list's worth. */
const VisibleToSchema = z.array(z.uuid()).check(z.maxLength(1_000));

/** One bookmark of a batch create; a category may bring its children. */
export type NewBookmark = {
  name: string;
  display_name?: string | null;
  state?: string | null;
  is_category?: boolean;
  is_navigation?: boolean;
  /** An existing navigation category to add it under. */
  parent_id?: string | null;
  order?: number | null;
  is_private?: boolean;
  visible_to_all?: boolean;
  visible_to?: string[];
  show_demo?: boolean;
  is_active?: boolean;
  is_default?: boolean;
  children?: NewBookmark[];
};

/** A bookmark's place among its siblings. */
const BookmarkOrderSchema = z.int().check(z.minimum(0), z.maximum(1_000_000));

const newBookmarkFields = {
  name: BookmarkNameSchema,
  display_name: z.nullish(BookmarkNameSchema),
  state: z.nullish(EncodedStateSchema),
  is_category: z.optional(z.boolean()),
  is_navigation: z.optional(z.boolean()),
  parent_id: z.nullish(z.uuid()),
  order: z.nullish(BookmarkOrderSchema),
  is_private: z.optional(z.boolean()),
  visible_to_all: z.optional(z.boolean()),
  visible_to: z.optional(VisibleToSchema),
  show_demo: z.optional(z.boolean()),
  is_active: z.optional(z.boolean()),
  is_default: z.optional(z.boolean()),
};

/** Three levels at most, spelled out like BookmarkSchema (the server also checks the depth under a parent). */
// A fourth level is refused, not silently dropped.
const NewBookmarkLevel3Schema = z.object({ ...newBookmarkFields, children: z.optional(z.array(z.never())) });
const NewBookmarkLevel2Schema = z.object({
  ...newBookmarkFields,
  children: z.optional(z.array(NewBookmarkLevel3Schema).check(z.maxLength(bookmarkLimits.maxBatch))),
});
export const NewBookmarkSchema: z.ZodMiniType<NewBookmark> = z.object({
  ...newBookmarkFields,
  children: z.optional(z.array(NewBookmarkLevel2Schema).check(z.maxLength(bookmarkLimits.maxBatch))),
});

/** spec 002 §7 Batch create bookmarks (list): all are saved, or none. */
export const CreateBookmarksRequestSchema = z.object({
  organization_id: z.uuid(),
  report_slug: ReportSlugSchema,
  bookmarks: z.array(NewBookmarkSchema).check(z.minLength(1), z.maxLength(bookmarkLimits.maxBatch)),
});
export type CreateBookmarksRequest = z.infer<typeof CreateBookmarksRequestSchema>;

export const CreateBookmarksResponseSchema = z.object({
  success: z.literal(true),
  bookmarks: z.array(BookmarkSchema),
});
export type CreateBookmarksResponse = z.infer<typeof CreateBookmarksResponseSchema>;

/** The fields an update may change; absent ones stay. */
export const BookmarkChangeSchema = z
  .object({
    name: z.optional(BookmarkNameSchema),
    display_name: z.nullish(BookmarkNameSchema),
    /** Refresh: the state on screen overwrites the saved one. */
    state: z.optional(EncodedStateSchema),
    is_private: z.optional(z.boolean()),
    visible_to_all: z.optional(z.boolean()),
    visible_to: z.optional(VisibleToSchema),
    is_default: z.optional(z.boolean()),
    is_active: z.optional(z.boolean()),
    show_demo: z.optional(z.boolean()),
    order: z.optional(BookmarkOrderSchema),
    parent_id: z.optional(z.nullable(z.uuid())),
  })
  .check(
    z.refine((change) => Object.values(change).some((value) => value !== undefined), {
      message: 'Nothing to change',
    }),
  );
export type BookmarkChange = z.infer<typeof BookmarkChangeSchema>;

/** spec 002 §7 Update bookmark (report slug, id, bookmark). */
export const UpdateBookmarkRequestSchema = z.object({
  organization_id: z.uuid(),
  report_slug: ReportSlugSchema,
  bookmark: BookmarkChangeSchema,
});
export type UpdateBookmarkRequest = z.infer<typeof UpdateBookmarkRequestSchema>;

export const BookmarkIdParamsSchema = z.object({ id: z.uuid() });

export const DeleteBookmarkQuerySchema = z.object({
  organization_id: z.uuid(),
  report_slug: ReportSlugSchema,
});

export const DeleteBookmarkResponseSchema = z.object({ success: z.literal(true) });
