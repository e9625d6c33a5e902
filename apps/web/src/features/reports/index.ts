/**
 * The reports area (spec 002 Dashboards), as the app shell and the features above it use it. The
 * open report's view (what bookmarks and the AI Builder read) is `shared/report-view`.
 */
export { reportKeys } from './api/keys';
export { listReports } from './api/reports';
export { useReportList } from './hooks/useReportList';
export { reportMessages } from './messages';
export { reportLabel } from './model/names';
