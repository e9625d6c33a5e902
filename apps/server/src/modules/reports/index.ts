import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import { reportEditorRoutes } from './editor-routes';
import { embedGrantRoutes } from './embed-grant-routes';
import { embedRoutes } from './embed-routes';
import { reportsRoutes } from './routes';
import { reportVersionRoutes } from './version-routes';
import { exportRoutes } from './exports/routes';
import { createReportsService, type ReportsDeps } from './service';

export { createReportsService, type ReportsService, type ReportsModelling } from './service';
export { createReportEngine, type EngineDeps, type ReportEngine } from './engine';
export type { Person } from './embeds';
// The token's format, for tests that sign one with the installation's key as only we could.
export { EMBED_TOKEN_KEY_PURPOSE, signEmbedToken } from './embed-token';
export { DEFAULT_CACHE_LIMITS, type CacheStats, type ReportCacheLimits } from './cache';
export { warehouseBuiltins, type BuiltinReport } from './catalog';
export type { ExportFile, ExportOrganization, ReportExports } from './exports/service';
export type { PageRenderer } from './exports/renderer';
// The reports' error answers, for the routes of the modules built on them (report-schedules).
export { answering, reportErrors } from './routes';

/**
 * Reports (spec 002 Dashboards and Filters; DESIGN.md Reports): the organization's reports over
 * its warehouse (the built-ins, then its custom reports saved from edit mode), each visual's query
 * compiled by packages/warehouse and cached per organization and model version (modelling's,
 * bumped by every rebuild in any process); and their embedding in
 * other sites through grants named by signed tokens (`/embed/...`), each revocable and expiring
 * only when its creator chose so.
 */
export function createReportsModule(platform: Platform, services: Omit<ReportsDeps, 'platform'>) {
  const service = createReportsService({ platform, ...services });
  const module: Module = {
    name: 'reports',
    routes: async (api) => {
      await reportsRoutes(api, service);
      await embedGrantRoutes(api, service.embeds);
      await reportVersionRoutes(api, service.versions);
      await reportEditorRoutes(api, service.editor);
      await embedRoutes(api, service.embeds);
      await exportRoutes(api, service.exports);
    },
  };
  return { module, service };
}
