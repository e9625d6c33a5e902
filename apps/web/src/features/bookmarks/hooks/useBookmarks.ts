import { useQuery } from '@tanstack/react-query';
import { listBookmarks } from '../api/bookmarks';
import { bookmarkKeys } from '../api/keys';
import { readBookmarkCache, writeBookmarkCache } from '../model/cache';

/**
 * GET /bookmarks (menu): the report's bookmarks, navigation menu and demo bookmarks. The menu
 * shows the browser's cached copy (placeholder data) until the answer arrives; what applies a
 * route's bookmark waits for the answer (`isPlaceholderData` false).
 */
export function useBookmarks(organizationId: string, reportSlug: string) {
  return useQuery({
    queryKey: bookmarkKeys.menu(organizationId, reportSlug),
    queryFn: async () => {
      const list = await listBookmarks(organizationId, reportSlug);
      writeBookmarkCache(organizationId, reportSlug, list);
      return list;
    },
    placeholderData: () => readBookmarkCache(organizationId, reportSlug),
    enabled: organizationId !== '' && reportSlug !== '',
    staleTime: 30_000,
    retry: false,
  });
}
