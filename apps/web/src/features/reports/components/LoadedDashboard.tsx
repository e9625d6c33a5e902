import type { CalculatedMeasure, ReportState } from '@maya/contracts';
import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { formatDay } from '../../../shared/lib/dates';
import { PrefetchWhenIdle } from '../../../shared/ui/PrefetchWhenIdle';
import type { ReportSourceAccess } from '../api/source';
import { DashboardContext, warningsByTable, type DashboardModel } from '../hooks/useDashboard';
import { useDashboardState } from '../hooks/useDashboardState';
import { useNarrowScreen } from '../../../shared/hooks/useNarrowScreen';
import { useReportSource } from '../hooks/useReportSource';
import { reportMessages } from '../messages';
import { reportLabel } from '../model/names';
import { urlStateParam } from '../model/urlState';
import {
  activePage,
  adHocOf,
  effectiveFilters,
  lockedIds,
  sameState,
  visiblePages,
  withPage,
  withoutAdHoc,
  type ViewerFiltering,
} from '../model/state';
import {
  BUBBLE_GUTTER_PX,
  BUBBLE_ROOM_PX,
  ReportViewContext,
  type ReportView,
  type ReportViewMode,
  type RouteBookmark,
} from '../../../shared/report-view';
import { DashboardToolbar, PagesMenuOnDemand } from './DashboardToolbar';
import { FilterSections, FiltersPane } from './filters/FiltersPane';
import { TestingPanelOnDemand } from './testing/TestingPanelOnDemand';
import { AdHocSection } from './visuals/AdHocSection';
import { VisualGrid } from './visuals/VisualGrid';
import { EditorSurface, useReportEditor } from '../editor';
import { editorMessages } from '../editor/messages';
import classes from './LoadedDashboard.module.css';
import { useSessionFlag } from '../../../shared/hooks/useSessionFlag';
import { useTitleOverride } from '../../../shared/hooks/titleOverride';

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

/** What the dashboard draws in a plain form first, or opens on a click. */
const DASHBOARD_PREFETCH = [PagesMenuOnDemand.preload, FilterSections.preload];

/** How many filters and slicers the state sets apart from the baseline's (the Filters badge). */
function changedCount(view: DashboardModel, baseline: ReportState): number {
  const changed = view.state.filters.filter(
    (f) => JSON.stringify(f) !== JSON.stringify(baseline.filters.find((d) => d.id === f.id)),
  );
  const slicers = view.state.slicers.filter(
    (s) => JSON.stringify(s) !== JSON.stringify(baseline.slicers.find((b) => b.visual_id === s.visual_id)),
  );
  return changed.length + slicers.length;
}

/** A loaded report: its state, the toolbar, the page's visuals and the filters pane. */
/** One empty labels object, so the model stays equal while the access has none. */
const NO_LABELS: Readonly<Record<string, string>> = {};
/** One empty list, so the model stays equal while the draft has no calculated metrics. */
const NO_METRICS: readonly CalculatedMeasure[] = [];

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
  const { report } = access;
  const slug = report.slug;
  // The browser tab names the report as the sidebar and the heading do (decision 173).
  useTitleOverride(reportLabel(report.name));
  const source = useReportSource();
  const editing =
    requestedMode === 'edit' && report.access_level === 'Edit' && !readOnly && source.kind === 'app';
  // Edit mode's draft of a custom report (issue 32): the page shows it instead of the saved one.
  const editor = useReportEditor(organization.id, slug, access.document, editing && report.is_custom);
  const document = editor?.document ?? access.document;
  const { state, baseline, applyState, reset, update } = useDashboardState(document, {
    readOnly,
    syncUrl,
    initial: access.state,
  });
  const mode: ReportViewMode =
    requestedMode === 'edit' && report.access_level === 'Edit' && !readOnly ? 'edit' : 'view';
  const filtering: ViewerFiltering =
    source.kind === 'app' ? 'free' : access.allow_filtering === true ? 'open' : 'none';
  const locked = useMemo(() => lockedIds(baseline, filtering), [baseline, filtering]);
  const narrow = useNarrowScreen();
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
      locked,
      currency: source.currency,
      dataThrough: access.data_through,
      warnings: warningsByTable(access.warnings),
      labels: access.labels ?? NO_LABELS,
      update,
      draftMetrics: editor === null ? null : (document.calculatedMeasures ?? NO_METRICS),
    }),
    [
      slug,
      report.dataset_id,
      document,
      state,
      readOnly,
      locked,
      source.currency,
      access.data_through,
      access.warnings,
      access.labels,
      update,
      editor,
    ],
  );
  const { id: organizationId, slug: organizationSlug } = organization;
  // Edit mode's bookmarks pane: the element beside the page the bookmarks feature draws into.
  const [paneSlot, setPaneSlot] = useState<HTMLElement | null>(null);
  const bookmarksPane = mode === 'edit' && !narrow ? paneSlot : null;
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
      bookmarksPane,
    }),
    [
      bookmarksPane,
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

  const showPage = useCallback((name: string) => update((s) => withPage(s, name)), [update]);
  const pages = visiblePages(document, readOnly);
  const page = activePage(document, state);
  const adhoc = adHocOf(state);
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
              {access.time_zones !== undefined && access.time_zones.length > 1 && (
                <Text size="xs" c="dimmed" data-testid="report-time-zones">
                  {reportMessages.visual.timeZones(access.time_zones)}
                </Text>
              )}
            </Stack>
          </Group>
          <DashboardToolbar
            pages={pages}
            currentPage={state.page}
            onPage={showPage}
            atDefaults={sameState(state, baseline)}
            filters={
              narrow
                ? null
                : {
                    open: filtersOpen,
                    active: changedCount(model, baseline),
                    onToggle: () => setFiltersOpen((o) => !o),
                  }
            }
            actions={actions?.(view)}
          />
          <div
            style={
              {
                display: 'flex',
                gap: 'var(--mantine-spacing-md)',
                alignItems: 'flex-start',
                // The side panes end above the AI Builder's bubble (fixed at the bottom right).
                '--bubble-room': readOnly ? '0px' : `${BUBBLE_ROOM_PX}px`,
                '--bubble-gutter': `${BUBBLE_GUTTER_PX}px`,
              } as CSSProperties
            }
          >
            {/* Room below the last visual, so it can scroll out from under the bubble, and on wide
                screens a gutter at its right, unless a side pane takes that corner (decision 433). */}
            <div
              className={
                readOnly || showFilters || (mode === 'edit' && !narrow)
                  ? classes.visuals
                  : `${classes.visuals} ${classes.besideBubble}`
              }
            >
              {editing && !report.is_custom && (
                <Alert color="indigo" mb="md">
                  {editorMessages.builtIn}
                </Alert>
              )}
              {editor !== null ? (
                <EditorSurface
                  editor={editor}
                  page={page}
                  onPage={showPage}
                  above={
                    page !== null &&
                    adhoc !== null && <AdHocSection visual={adhoc} onRemove={() => update(withoutAdHoc)} />
                  }
                />
              ) : (
                <>
                  {page !== null && adhoc !== null && (
                    <AdHocSection visual={adhoc} onRemove={() => update(withoutAdHoc)} />
                  )}
                  {page !== null && <VisualGrid page={page} />}
                </>
              )}
            </div>
            {mode === 'edit' && !narrow && <div ref={setPaneSlot} style={{ display: 'contents' }} />}
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
