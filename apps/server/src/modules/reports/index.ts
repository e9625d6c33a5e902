import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import { reportsRoutes } from './routes';
import { createReportsService, type ReportsDeps } from './service';

export { createReportsService, type ReportsService, type WithWarehouse } from './service';
export { DEFAULT_CACHE_LIMITS, type CacheStats, type ReportCacheLimits } from './cache';

/**
 * Reports (spec 002 Dashboards and Filters; DESIGN.md Reports): the organization's reports over
 * its warehouse, each visual's query compiled by packages/warehouse and cached per organization
 * until the next data load (`service.invalidate`, which the ETL calls after rebuilding models).
 */
export function createReportsModule(platform: Platform, services: Omit<ReportsDeps, 'platform'>) {
  const service = createReportsService({ platform, ...services });
  const module: Module = {
    name: 'reports',
    routes: (api) => reportsRoutes(api, service),
  };
  return { module, service };
}
