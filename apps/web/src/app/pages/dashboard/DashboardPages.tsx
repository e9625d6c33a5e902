import { useMemo } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { AiBuilderBubble } from '../../../features/ai-builder';
import { BookmarkToolbar, useSchedulableBookmarks } from '../../../features/bookmarks';
import {
  DEMO_REPORT_SLUG,
  organizationHomePath,
  useCurrentOrganization,
} from '../../../features/organizations';
// The dashboard itself, not through the reports face: this module is a lazy route page, and the
// face is in the first bundle (the sidebar lists reports), which must not carry the dashboard.
import { OrganizationDashboard } from '../../../features/reports/components/OrganizationDashboard';
import type { ReportViewMode, RouteBookmark } from '../../../shared/report-view';

/**
 * The dashboard routes of spec 002 §2: they differ in the report they name, the mode, and the
 * bookmark the route carries (the bookmark toolbar applies it).
 *
 * The dashboard is assembled here, above the features: the report (reports) with the bookmark
 * toolbar (bookmarks) and the AI Builder bubble (ai-builder), which meet through the report's
 * view (`shared/report-view`). None of the three features knows the others' components.
 */

type AppDashboardProps = {
  slug: string;
  mode: ReportViewMode;
  routeBookmark: RouteBookmark | null;
  readOnly?: boolean;
};

/** A report of the current organization with the bookmarks and, unless read-only, the AI Builder. */
function AppDashboard({ slug, mode, routeBookmark, readOnly = false }: AppDashboardProps) {
  const organization = useCurrentOrganization();
  // The menu's query, which the bookmark toolbar reads too: one request for both.
  const schedulable = useSchedulableBookmarks(organization?.id ?? '', slug);
  return (
    <OrganizationDashboard
      slug={slug}
      mode={mode}
      routeBookmark={routeBookmark}
      readOnly={readOnly}
      toolbar={<BookmarkToolbar />}
      schedulableBookmarks={schedulable}
    >
      {!readOnly && <AiBuilderBubble />}
    </OrganizationDashboard>
  );
}

/** The route's bookmark, the same object while the route names the same one (the view stays put). */
function useRouteBookmark(
  kind: 'bookmark' | 'navigation' | 'demo' | null,
  slug: string | undefined,
): RouteBookmark | null {
  return useMemo(() => {
    if (kind === null) return null;
    if (kind === 'demo') return { kind };
    return slug === undefined ? null : { kind, slug };
  }, [kind, slug]);
}

/** `dashboard/`: the organization's default report (-maya, or the demo report). */
export function DashboardIndexPage() {
  const organization = useCurrentOrganization();
  return organization === null ? null : <Navigate to={organizationHomePath(organization)} replace />;
}

/**
 * `dashboard/{reportSlug}`, `…/bookmarks/{bookmarkSlug}`, `…/{navigationBookmarkSlug}` and
 * `…/-demo` (its demo bookmarks): one page for the four routes (routes.ts gives them one loader),
 * so that moving between them keeps the dashboard drawn. Saving a bookmark opens its address:
 * a page per route drew the whole dashboard again, and closed a menu the user had just opened.
 */
export function DashboardPage() {
  const { reportSlug = '', bookmarkSlug, navigationBookmarkSlug } = useParams();
  const { pathname } = useLocation();
  const kind =
    bookmarkSlug !== undefined
      ? 'bookmark'
      : navigationBookmarkSlug !== undefined
        ? 'navigation'
        : pathname.endsWith('/-demo')
          ? 'demo'
          : null;
  const routeBookmark = useRouteBookmark(kind, bookmarkSlug ?? navigationBookmarkSlug);
  return <AppDashboard slug={reportSlug} mode="view" routeBookmark={routeBookmark} />;
}

/** `dashboard/{reportSlug}/edit`: edit mode, when the report's access_level is Edit. */
export function DashboardEditPage() {
  const { reportSlug = '' } = useParams();
  return <AppDashboard slug={reportSlug} mode="edit" routeBookmark={null} />;
}

/** `dashboard/-demo`: the demo report. */
export function DemoReportPage() {
  return <AppDashboard slug={DEMO_REPORT_SLUG} mode="view" routeBookmark={null} />;
}

/** `demo/{reportSlug}` and `demo/{reportSlug}/{bookmarkSlug}`: the read-only demo view. */
export function DemoViewPage() {
  const { reportSlug = '', bookmarkSlug } = useParams();
  const routeBookmark = useRouteBookmark('bookmark', bookmarkSlug);
  return <AppDashboard slug={reportSlug} mode="view" readOnly routeBookmark={routeBookmark} />;
}
