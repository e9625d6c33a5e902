import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import { bookmarksRoutes } from './routes';
import { createBookmarksService, type BookmarksDeps } from './service';

export { createBookmarksService, type BookmarksService } from './service';

/**
 * Bookmarks (spec 002 §3 Bookmark, §4, §5, §6, §7): saved views of a report per organization,
 * the navigation menu admins arrange, and the demo organization's bookmarks offered to everyone.
 */
export function createBookmarksModule(platform: Platform, services: Omit<BookmarksDeps, 'platform'>) {
  const service = createBookmarksService({ platform, ...services });
  const module: Module = {
    name: 'bookmarks',
    routes: (api) => bookmarksRoutes(api, service),
  };
  return { module, service };
}
