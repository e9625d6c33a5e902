import type { EmbedReport, ReportDocument, ReportState } from '@maya/contracts';
import { createContext, useContext } from 'react';

/** spec 002 §2: view mode is view or edit; edit needs the report's access_level Edit. */
export type ReportViewMode = 'view' | 'edit';

/**
 * The bookmark a dashboard route names (spec 002 §2): `bookmarks/{bookmarkSlug}` applies a
 * bookmark, `{navigationBookmarkSlug}` a navigation bookmark, `-demo` the demo bookmarks.
 */
export type RouteBookmark = { kind: 'bookmark' | 'navigation'; slug: string } | { kind: 'demo' };

/**
 * What the open report offers the features around it (bookmarks, the AI Builder, save-as): the
 * dashboard provides it; they read the state and show another through it. One context, so the
 * dashboard does not know who uses it and they do not know how it renders.
 */
export type ReportView = {
  organizationId: string;
  organizationSlug: string;
  reportSlug: string;
  /** The report's embed fields; null until its access answered. */
  report: EmbedReport | null;
  document: ReportDocument | null;
  /** The state on screen (page, filters, slicers, sort); null until the report has loaded. */
  state: ReportState | null;
  /** The report has loaded: a state can be captured and applied. */
  loaded: boolean;
  mode: ReportViewMode;
  /** Embedded in another site through an embed token: nothing can be saved. */
  readOnly: boolean;
  routeBookmark: RouteBookmark | null;
  /** Shows `state` (a bookmark's, a generated one); the caller checks `loaded` first. */
  applyState: (state: ReportState) => void;
  /** Back to the document's own page and filters (the toolbar's Reset). */
  reset: () => void;
  /**
   * Where edit mode's bookmarks pane goes, beside the page (spec 002 §4); absent outside edit
   * mode and below 767 px. The bookmarks feature renders into it.
   */
  bookmarksPane?: HTMLElement | null;
};

export const ReportViewContext = createContext<ReportView | null>(null);

/** The open report; only inside the dashboard. */
export function useReportView(): ReportView {
  const view = useContext(ReportViewContext);
  if (view === null) throw new Error('useReportView is used outside a dashboard');
  return view;
}
