import { operations } from '@maya/contracts';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, type ReactNode } from 'react';
import { formatDay } from '../../../shared/lib/dates';
import { PrefetchWhenIdle } from '../../../shared/ui/PrefetchWhenIdle';
import type { ReportSourceAccess } from '../api/source';
import { DashboardContext, warningsByTable, type DashboardModel } from '../hooks/useDashboard';
import { useDashboardState } from '../hooks/useDashboardState';
import { useReportSource } from '../hooks/useReportSource';
import { reportMessages } from '../messages';
import { reportLabel } from '../model/names';
import { urlStateParam } from '../model/urlState';
import {
  activePage,
  defaultReportState,
  effectiveFilters,
  sameState,
  visiblePages,
  withPage,
} from '../model/state';
import {
  ReportViewContext,
  type ReportView,
  type ReportViewMode,
  type RouteBookmark,
} from '../view/ReportViewContext';
import { DashboardToolbar, PagesMenuOnDemand } from './DashboardToolbar';
import { FilterSections, FiltersPane } from './filters/FiltersPane';
import { TestingPanelOnDemand } from './testing/TestingPanelOnDemand';
import { VisualGrid } from './visuals/VisualGrid';
import { useSessionFlag } from '../../../shared/hooks/useSessionFlag';

export type LoadedDashboardProps = {
  access: ReportSourceAccess;
  /** The mode the route asks for; edit applies only with access_level Edit. */
  requestedMode: ReportViewMode;
  readOnly: boolean;
  routeBookmark: RouteBookmark | null;
  organization: { id: string; slug: string };
  /** Keep the view in the address (the app does; an embedded report does not). */
  syncUrl: boolean;
  /** The right of the toolbar: bookmarks, save-as or embed, the edit switch (given the view). */
  actions?: (view: ReportView) => ReactNode;
  /** Beside the page: the AI Builder bubble in the app. */
  children?: ReactNode;
};

const NARROW = `(max-width: ${operations.mobileBreakpointPx - 0.02}px)`;

/** What the dashboard draws in a plain form first, or opens on a click. */
const DASHBOARD_PREFETCH = [PagesMenuOnDemand.preload, FilterSections.preload];

/** How many filters and slicers the state sets apart from the document's (the Filters badge). */
function changedCount(view: DashboardModel): number {
  const defaults = defaultReportState(view.document, view.readOnly);
  const changed = view.state.filters.filter(
    (f) => JSON.stringify(f) !== JSON.stringify(defaults.filters.find((d) => d.id === f.id)),
  );
  return changed.length + view.state.slicers.length;
}

/** A loaded report: its state, the toolbar, the page's visuals and the filters pane. */
export function LoadedDashboard({
  access,
  requestedMode,
  readOnly,
  routeBookmark,
  organization,
  syncUrl,
  actions,
  children,
}: LoadedDashboardProps) {
  const { document, report } = access;
  const slug = report.slug;
  const source = useReportSource();
  const { state, applyState, reset, update } = useDashboardState(document, {
    readOnly,
    syncUrl,
    initial: access.state,
  });
  const mode: ReportViewMode =
    requestedMode === 'edit' && report.access_level === 'Edit' && !readOnly ? 'edit' : 'view';
  const narrow = useMediaQuery(NARROW) ?? false;
  // Kept for the session per report: saving or applying a bookmark moves to another route of the
  // dashboard, which mounts it again, and the pane the user works in must stay open there.
  const [filtersOpen, setFiltersOpen] = useSessionFlag(`maya.filters.${organization.id}.${slug}.open`);

  const model = useMemo<DashboardModel>(
    () => ({
      slug,
      datasetId: report.dataset_id,
      document,
      state,
      filters: effectiveFilters(document, state),
      readOnly,
      currency: source.currency,
      warnings: warningsByTable(access.warnings),
      update,
    }),
    [slug, report.dataset_id, document, state, readOnly, source.currency, access.warnings, update],
  );
  const { id: organizationId, slug: organizationSlug } = organization;
  const view = useMemo<ReportView>(
    () => ({
      organizationId,
      organizationSlug,
      reportSlug: slug,
      report,
      document,
      state,
      loaded: true,
      mode,
      readOnly,
      routeBookmark,
      applyState,
      reset,
    }),
    [
      organizationId,
      organizationSlug,
      slug,
      report,
      document,
      state,
      mode,
      readOnly,
      routeBookmark,
      applyState,
      reset,
    ],
  );

  const pages = visiblePages(document, readOnly);
  const page = activePage(document, state);
  const showFilters = filtersOpen && !narrow;

  return (
    <ReportViewContext value={view}>
      <DashboardContext value={model}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" gap="xs">
            <Stack gap={2}>
              <Group gap="xs">
                <Title order={1} fz={{ base: 22, sm: 26 }} c="dark.8">
                  {reportLabel(report.name)}
                </Title>
                {mode === 'edit' && (
                  <Badge variant="light" color="indigo">
                    {reportMessages.toolbar.editing}
                  </Badge>
                )}
                {report.demo && (
                  <Badge variant="light" color="grape">
                    {reportMessages.toolbar.demo}
                  </Badge>
                )}
              </Group>
              {access.data_through !== null && (
                <Text size="sm" c="dimmed">
                  {reportMessages.visual.dataThrough(formatDay(access.data_through))}
                </Text>
              )}
            </Stack>
          </Group>
          <DashboardToolbar
            pages={pages}
            currentPage={state.page}
            onPage={(name) => update((s) => withPage(s, name))}
            atDefaults={sameState(state, defaultReportState(document, readOnly))}
            filters={
              narrow
                ? null
                : {
                    open: filtersOpen,
                    active: changedCount(model),
                    onToggle: () => setFiltersOpen((o) => !o),
                  }
            }
            actions={actions?.(view)}
          />
          <div style={{ display: 'flex', gap: 'var(--mantine-spacing-md)', alignItems: 'flex-start' }}>
            <div style={{ flex: 1, minWidth: 0 }}>{page !== null && <VisualGrid page={page} />}</div>
            {showFilters && <FiltersPane onClose={() => setFiltersOpen(false)} />}
          </div>
        </Stack>
        {children}
        <TestingPanelOnDemand
          organizationId={organizationId}
          scope={source.scope}
          reportSlug={slug}
          datasetId={report.dataset_id}
          dataThrough={access.data_through}
          document={document}
          state={state}
          mode={mode}
          stateParam={() => urlStateParam(document, state, readOnly)}
        />
        <PrefetchWhenIdle preloads={DASHBOARD_PREFETCH} />
      </DashboardContext>
    </ReportViewContext>
  );
}
