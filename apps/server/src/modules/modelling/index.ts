import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import { createModellingService, type ModellingDeps } from './service';

export {
  createModellingService,
  type ModellingService,
  type OrganizationModel,
  type RebuildOptions,
  type RebuildResult,
  type SemanticModelSource,
} from './service';
export {
  derivedSelectOver,
  type DerivedColumn,
  type DerivedColumnSource,
  type RefusedColumn,
} from './derived-columns';
export type { ModelChange, ModelChangeListener } from './versions';
export type { DestinationSettings, OpenFor, WithWarehouse } from './warehouse';
export { applyDerivedColumns, RAW_SCHEMA } from './build';
export { organizationSemanticModels } from './semantic';

/**
 * Modelling (DESIGN.md "One owner per concept"): each organization's warehouse and models. It
 * alone opens warehouses (the destination, else the managed DuckDB file), lists the model tables
 * with the derived columns other modules register (clusters; custom tables and expenses later),
 * answers the organization's semantic models, and rebuilds: models from the raw data already
 * loaded, derived columns applied, the model version bumped in PostgreSQL and announced to every
 * process (LISTEN/NOTIFY), on which report caches key. No routes of its own.
 */
export function createModellingModule(platform: Platform, deps: Omit<ModellingDeps, 'platform'>) {
  const service = createModellingService({ platform, ...deps });
  const module: Module = {
    name: 'modelling',
    routes: async () => {},
    start: (log) => service.listen(log),
    stop: () => service.close(),
  };
  return { module, service };
}
