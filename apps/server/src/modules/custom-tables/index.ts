import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import { customTablesRoutes } from './routes';
import { createCustomTablesService, type CustomTablesDeps } from './service';

export { createCustomTablesService, type CustomTablesService } from './service';
export { customSemanticModel } from './semantic';

/**
 * Custom tables from CSV (spec 001 §2 sources/setup/custom-table, §3, §4, §5, §7, §8): a manual
 * category's definition here, its rows in the organization's warehouse (`raw.custom__<id>`),
 * replaced whole by each upload, read by reports through the semantic model it gives modelling
 * and, for manual ads performance, by the marketing performance model.
 */
export function createCustomTablesModule(platform: Platform, services: Omit<CustomTablesDeps, 'platform'>) {
  const service = createCustomTablesService({ platform, ...services });
  const module: Module = {
    name: 'custom-tables',
    routes: (api) => customTablesRoutes(api, service),
  };
  return { module, service };
}
