import {
  BookmarkListResponseSchema,
  BookmarkSchema,
  CreateBookmarksResponseSchema,
  type Bookmark,
  type BookmarkChange,
  type BookmarkListResponse,
  type NewBookmark,
} from '@maya/contracts';
import { apiClient, type ApiClient } from '../../../shared/api/client';

/** GET /bookmarks: a report's bookmarks, navigation menu and demo bookmarks (the dashboard's menu). */
export function listBookmarks(
  organizationId: string,
  reportSlug: string,
  client: ApiClient = apiClient,
): Promise<BookmarkListResponse> {
  return client.get('/bookmarks', {
    query: { organization_id: organizationId, report_slug: reportSlug, scope: 'menu' },
    parse: (data) => BookmarkListResponseSchema.parse(data),
  });
}

/** GET /bookmarks?scope=manage: every report's bookmarks the caller manages (the settings tab). */
export function listManagedBookmarks(
  organizationId: string,
  client: ApiClient = apiClient,
): Promise<BookmarkListResponse> {
  return client.get('/bookmarks', {
    query: { organization_id: organizationId, scope: 'manage' },
    parse: (data) => BookmarkListResponseSchema.parse(data),
  });
}

export type CreateBookmarksInput = { organizationId: string; reportSlug: string; bookmarks: NewBookmark[] };

/** POST /bookmarks: saves the bookmarks (all or none); 409 bookmark_name_exists on a taken name. */
export function createBookmarks(
  { organizationId, reportSlug, bookmarks }: CreateBookmarksInput,
  client: ApiClient = apiClient,
): Promise<Bookmark[]> {
  return client.post('/bookmarks', {
    body: { organization_id: organizationId, report_slug: reportSlug, bookmarks },
    parse: (data) => CreateBookmarksResponseSchema.parse(data).bookmarks,
  });
}

export type UpdateBookmarkInput = {
  organizationId: string;
  reportSlug: string;
  id: string;
  change: BookmarkChange;
};

/** PATCH /bookmarks/{id}: rename, refresh the state, visibility, default, order. */
export function updateBookmark(
  { organizationId, reportSlug, id, change }: UpdateBookmarkInput,
  client: ApiClient = apiClient,
): Promise<Bookmark> {
  return client.patch(`/bookmarks/${encodeURIComponent(id)}`, {
    body: { organization_id: organizationId, report_slug: reportSlug, bookmark: change },
    parse: (data) => BookmarkSchema.parse(data),
  });
}

export type DeleteBookmarkInput = { organizationId: string; reportSlug: string; id: string };

/** DELETE /bookmarks/{id}: a category goes with its bookmarks. */
export async function deleteBookmark(
  { organizationId, reportSlug, id }: DeleteBookmarkInput,
  client: ApiClient = apiClient,
): Promise<void> {
  await client.delete(`/bookmarks/${encodeURIComponent(id)}`, {
    query: { organization_id: organizationId, report_slug: reportSlug },
  });
}
