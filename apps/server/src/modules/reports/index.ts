import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import { embedRoutes } from './embed-routes';
import { reportsRoutes } from './routes';
import { createReportsService, type ReportsDeps } from './service';

export { createReportsService, type ReportsService, type WithWarehouse } from './service';
export { DEFAULT_CACHE_LIMITS, type CacheStats, type ReportCacheLimits } from './cache';
export { warehouseBuiltins, type BuiltinReport } from './catalog';

/**
 * Reports (spec 002 Dashboards and Filters; DESIGN.md Reports): the organization's reports over
 * its warehouse (the built-ins, then its custom reports saved from edit mode), each visual's query
 * compiled by packages/warehouse and cached per organization until the next data load
 * (`service.invalidate`, which the ETL calls after rebuilding models); and their embedding in
 * other sites through signed, short-lived tokens (`/embed/...`).
 */
export function createReportsModule(platform: Platform, services: Omit<ReportsDeps, 'platform'>) {
  const service = createReportsService({ platform, ...services });
  const module: Module = {
    name: 'reports',
    routes: async (api) => {
      await reportsRoutes(api, service);
      await embedRoutes(api, service.embeds);
    },
  };
  return { module, service };
}
