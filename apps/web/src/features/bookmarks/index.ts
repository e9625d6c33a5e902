/**
 * The bookmarks area (spec 002 Bookmark menu, §3 Bookmark, §4, §5, §6, §8), as the dashboard and
 * the settings page use it. The toolbar reads the open report through `useReportView` (reports).
 */
export { BookmarkToolbar } from './components/BookmarkToolbar';
export { BookmarksTab } from './components/BookmarksTabOnDemand';
export { useSchedulableBookmarks } from './hooks/useSchedulableBookmarks';
export { useShowUnbookmarked } from './hooks/useShowUnbookmarked';
export { bookmarkKeys } from './api/keys';
export { bookmarkMessages } from './messages';
