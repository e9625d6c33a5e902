import { useMemo } from 'react';
import { Navigate, useParams } from 'react-router';
import type { RouteBookmark } from '../view/ReportViewContext';
import { organizationHomePath, useCurrentOrganization } from '../../organizations';
import { DEMO_REPORT_SLUG } from '../model/names';
import { OrganizationDashboard } from './OrganizationDashboard';

/**
 * The dashboard routes of spec 002 §2, one page each: they differ in the report they name, the
 * mode, and the bookmark the route carries (the bookmark toolbar applies it).
 */

/** The route's bookmark, the same object while the route names the same one (the view stays put). */
function useRouteBookmark(
  kind: 'bookmark' | 'navigation' | 'demo',
  slug: string | undefined,
): RouteBookmark | null {
  return useMemo(() => {
    if (kind === 'demo') return { kind };
    return slug === undefined ? null : { kind, slug };
  }, [kind, slug]);
}

/** `dashboard/`: the organization's default report (-maya, or the demo report). */
export function DashboardIndexPage() {
  const organization = useCurrentOrganization();
  return organization === null ? null : <Navigate to={organizationHomePath(organization)} replace />;
}

/** `dashboard/{reportSlug}`. */
export function DashboardViewPage() {
  const { reportSlug = '' } = useParams();
  return <OrganizationDashboard slug={reportSlug} mode="view" routeBookmark={null} />;
}

/** `dashboard/{reportSlug}/edit`: edit mode, when the report's access_level is Edit. */
export function DashboardEditPage() {
  const { reportSlug = '' } = useParams();
  return <OrganizationDashboard slug={reportSlug} mode="edit" routeBookmark={null} />;
}

/** `dashboard/{reportSlug}/{navigationBookmarkSlug}`. */
export function DashboardNavigationBookmarkPage() {
  const { reportSlug = '', navigationBookmarkSlug } = useParams();
  const routeBookmark = useRouteBookmark('navigation', navigationBookmarkSlug);
  return <OrganizationDashboard slug={reportSlug} mode="view" routeBookmark={routeBookmark} />;
}

/** `dashboard/{reportSlug}/bookmarks/{bookmarkSlug}`: applies a bookmark. */
export function DashboardBookmarkPage() {
  const { reportSlug = '', bookmarkSlug } = useParams();
  const routeBookmark = useRouteBookmark('bookmark', bookmarkSlug);
  return <OrganizationDashboard slug={reportSlug} mode="view" routeBookmark={routeBookmark} />;
}

/** `dashboard/{reportSlug}/-demo`: the report with its demo bookmarks. */
export function DashboardDemoBookmarksPage() {
  const { reportSlug = '' } = useParams();
  const routeBookmark = useRouteBookmark('demo', undefined);
  return <OrganizationDashboard slug={reportSlug} mode="view" routeBookmark={routeBookmark} />;
}

/** `dashboard/-demo`: the demo report. */
export function DemoReportPage() {
  return <OrganizationDashboard slug={DEMO_REPORT_SLUG} mode="view" routeBookmark={null} />;
}

/** `demo/{reportSlug}` and `demo/{reportSlug}/{bookmarkSlug}`: the read-only demo view. */
export function DemoViewPage() {
  const { reportSlug = '', bookmarkSlug } = useParams();
  const routeBookmark = useRouteBookmark('bookmark', bookmarkSlug);
  return <OrganizationDashboard slug={reportSlug} mode="view" readOnly routeBookmark={routeBookmark} />;
}
