import { useQuery } from '@tanstack/react-query';
import { listManagedBookmarks } from '../api/bookmarks';
import { bookmarkKeys } from '../api/keys';

/** GET /bookmarks (manage): every report's bookmarks for the settings tab. */
export function useManagedBookmarks(organizationId: string) {
  return useQuery({
    queryKey: bookmarkKeys.manage(organizationId),
    queryFn: () => listManagedBookmarks(organizationId),
    retry: false,
  });
}
