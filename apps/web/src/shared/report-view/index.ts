/**
 * The open report as the features around a dashboard see it (bookmarks, the AI Builder, the
 * toolbar's buttons): the reports feature provides the view, the others read it and show another
 * state through it. Below the features, so none of them depends on another for it.
 */
export { AI_BUBBLE, BUBBLE_GUTTER_PX, BUBBLE_ROOM_PX } from './bubble';
export { ReportViewContext, useReportView } from './ReportViewContext';
export type { ReportView, ReportViewMode, RouteBookmark } from './ReportViewContext';
export { ADDRESS_STATE_PARAM, isReloadState, RELOAD_STATE } from './reload';
export { ToolbarButton } from './ToolbarButton';
export { useReloadReport } from './useReloadReport';
