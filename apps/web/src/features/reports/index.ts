/** The reports area (spec 002 Dashboards), as the app shell and the features around a dashboard use it. */
export { reportKeys } from './api/keys';
export { listReports } from './api/reports';
export { ToolbarButton } from './components/ToolbarButton';
export { useNarrowScreen } from './hooks/useNarrowScreen';
export { useReportList } from './hooks/useReportList';
export { reportMessages } from './messages';
export { DEMO_REPORT_SLUG, reportLabel } from './model/names';
export {
  ReportViewContext,
  useOptionalReportView,
  useReportView,
  type ReportView,
  type ReportViewMode,
  type RouteBookmark,
} from './view/ReportViewContext';
