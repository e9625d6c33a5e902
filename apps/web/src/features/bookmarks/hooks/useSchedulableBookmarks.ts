import { useMemo } from 'react';
import { ownBookmarks } from '../model/tree';
import { useBookmarks } from './useBookmarks';

/**
 * The report's own bookmarks the user sees in its menu, categories aside, by the name the menu
 * shows: what a scheduled delivery may mail instead of the view on screen (reports' schedules).
 */
export function useSchedulableBookmarks(organizationId: string, reportSlug: string) {
  const { data } = useBookmarks(organizationId, reportSlug);
  return useMemo(
    () =>
      data === undefined
        ? []
        : ownBookmarks(data)
            .filter((bookmark) => !bookmark.is_category)
            .map((bookmark) => ({ id: bookmark.id, name: bookmark.displayName })),
    [data],
  );
}
