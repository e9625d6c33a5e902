import { Box } from '@mantine/core';
import { useCallback, useMemo, type ReactNode } from 'react';
import { NotFoundPage } from '../../../shared/ui/NotFoundPage';
import { useEntitlements } from '../../billing';
import { organizationPath, useCurrentOrganization } from '../../organizations';
import { appReportSource } from '../api/source';
import { ReportSourceContext } from '../hooks/useReportSource';
import type { ReportViewMode, RouteBookmark } from '../../../shared/report-view';
import { isReportNotFound, isWorkspaceNotSetup } from '../model/errors';
import { Dashboard } from './Dashboard';
import { EditToggle } from './EditToggle';
import { EmbedReportButton } from './embed';
import { ExportMenuButton } from '../exports/ExportMenuButton';
import type { SchedulableBookmark } from '../schedules/ScheduleDialog';
import { FirstLoadPanel } from './FirstLoadPanel';
import { SaveReportAsButton } from './save-as';
import { UpgradeWarning } from './UpgradeWarning';

type OrganizationDashboardProps = {
  slug: string;
  mode: ReportViewMode;
  routeBookmark: RouteBookmark | null;
  /** The demo view (`demo/{reportSlug}`): an embedded, read-only frame. */
  readOnly?: boolean;
  /** First at the right of the toolbar: what the app adds there (the bookmark toolbar). */
  toolbar?: ReactNode;
  /** Beside the page, inside the report's view: what the app adds there (the AI Builder bubble). */
  children?: ReactNode;
  /** The report's bookmarks a schedule may mail (the app reads them from bookmarks). */
  schedulableBookmarks?: readonly SchedulableBookmark[];
};

/**
 * A report of the current organization, read through the app session, with the report's own
 * actions: save-as (edit mode) or embed (view mode) and the edit switch. The dashboard page
 * (`app/pages/dashboard`) adds the features above reports: the bookmark toolbar and the AI
 * Builder bubble. Organizations whose data loads expired see the upgrade warning above it
 * (spec 002 §2).
 */
export function OrganizationDashboard({
  slug,
  mode,
  routeBookmark,
  readOnly = false,
  toolbar,
  children,
  schedulableBookmarks,
}: OrganizationDashboardProps) {
  const organization = useCurrentOrganization();
  const organizationId = organization?.id ?? '';
  const currency = organization?.currency_id ?? 'USD';
  const source = useMemo(() => appReportSource(organizationId, currency), [organizationId, currency]);
  const entitlements = useEntitlements(organizationId);
  // An unknown report is a page that does not exist; an organization of its own whose first data
  // has not loaded shows where that load stands (the demo one keeps the spec's message).
  const failure = useCallback(
    (error: unknown, retry: () => void) => {
      if (isReportNotFound(error)) return <NotFoundPage embedded />;
      if (organization !== null && !organization.is_demo && isWorkspaceNotSetup(error))
        return <FirstLoadPanel organization={organization} onLoaded={retry} />;
      return null;
    },
    [organization],
  );
  if (organization === null) return null;
  const basePath = organizationPath(organization.slug, `dashboard/${slug}`);
  // Expired-ETL (spec 002 §2): loads turned off, or stopped because the plan lapsed (decision 621).
  const expired =
    !organization.is_demo && (!organization.is_etl_enabled || entitlements.data?.etl_expired === true);

  return (
    <ReportSourceContext value={source}>
      <Box>
        {expired && <UpgradeWarning organizationSlug={organization.slug} />}
        <Dashboard
          key={slug}
          slug={slug}
          requestedMode={mode}
          readOnly={readOnly}
          routeBookmark={routeBookmark}
          organization={{ id: organization.id, slug: organization.slug }}
          syncUrl
          failure={failure}
          actions={(view) => (
            <>
              {toolbar}
              {view.mode === 'edit' ? <SaveReportAsButton /> : <EmbedReportButton />}
              {!readOnly && <ExportMenuButton bookmarks={schedulableBookmarks} />}
              {!readOnly && view.report?.access_level === 'Edit' && (
                <EditToggle mode={view.mode} basePath={basePath} />
              )}
            </>
          )}
        >
          {children}
        </Dashboard>
      </Box>
    </ReportSourceContext>
  );
}
