import { operations, type Bookmark, type BookmarkListResponse } from '@maya/contracts';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { bookmarkMessages as text } from '../messages';
import { ADDRESS_STATE_PARAM, isReloadState, type ReportView } from '../../../shared/report-view';
import { defaultBookmark, findBySlug, type BookmarkSource } from '../model/tree';
import { showToast } from '../../../shared/ui/toast';

export type RouteBookmarkOptions = {
  view: ReportView;
  list: BookmarkListResponse | undefined;
  /** The list could not be loaded: the route's bookmark cannot be found (its failure is shown apart). */
  failed: boolean;
  /** Shows the bookmark's state and makes it the active bookmark. */
  apply: (bookmark: Bookmark, source: BookmarkSource) => void;
  /** Makes it the active bookmark without applying it (the address already holds a view). */
  markActive: (bookmark: Bookmark, source: BookmarkSource) => void;
  /** `-demo`: the demo bookmarks are offered in the open menu. */
  openMenu: () => void;
};

/**
 * Applies the bookmark the route names once the report and the bookmarks have loaded (spec 002 §2,
 * §8): `bookmarks/{slug}` and `{navigationSlug}` apply it ('Bookmark not found' / '{slug} not
 * found' for 3 s otherwise), `-demo` opens the menu on the demo bookmarks, and the plain route
 * applies the user's default bookmark. Each route is handled once.
 */
export function useRouteBookmark({ view, list, failed, apply, markActive, openMenu }: RouteBookmarkOptions) {
  const location = useLocation();
  // The view in the address when the dashboard opened (a browser reload, a shared link) wins.
  const openedWithView = useRef(new URLSearchParams(location.search).has(ADDRESS_STATE_PARAM));
  const reloaded = isReloadState(location.state);
  const handled = useRef<string | null>(null);
  const route = view.routeBookmark;
  const key = route === null ? 'plain' : route.kind === 'demo' ? 'demo' : `${route.kind}:${route.slug}`;

  useEffect(() => {
    if (!view.loaded || handled.current === key) return;
    if (list === undefined && !failed) return;
    const first = handled.current === null;
    handled.current = key;
    const keepView = first && openedWithView.current;
    if (route === null) {
      const fallback = list === undefined ? null : defaultBookmark(list);
      if (fallback === null || reloaded) return;
      if (keepView) markActive(fallback, 'own');
      else apply(fallback, 'own');
      return;
    }
    if (route.kind === 'demo') {
      openMenu();
      return;
    }
    if (list === undefined) return;
    const found = findBySlug(list, route.slug);
    if (found === null) {
      const title = route.kind === 'bookmark' ? text.bookmarkNotFound : text.slugNotFound(route.slug);
      // spec 002 §8: this error toast lasts 3 s, not the 10 s of the others.
      showToast('error', text.notFoundDetail(route.slug), { title, durationMs: operations.toastMs });
      return;
    }
    if (keepView) markActive(found.bookmark, found.source);
    else apply(found.bookmark, found.source);
  }, [view.loaded, key, route, list, failed, reloaded, apply, markActive, openMenu]);
}
