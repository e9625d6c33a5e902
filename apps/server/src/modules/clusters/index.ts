import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import { clusterDerivedColumns } from './derived-columns';
import { createClusterPreviewService } from './preview';
import { clustersRoutes } from './routes';
import { createClustersService, type ClustersDeps } from './service';
import { termLabels } from './term-labels';
import { createWordGroupsService } from './word-groups';

export { type ClusterDerivedColumn } from './derived-columns';
export { createClustersService, type ClustersService } from './service';
export { type TermColumn, type TermLabels } from './term-labels';

/**
 * Clusters and word groups (spec 001 §2 Clusters, §3, §4, §5, §7, §8, §9): cluster columns per
 * category, built from ordered when/then rule sets over the category's model table, and the word
 * groups rules match. Each saved column becomes a derived column of its table (`derivedColumns`,
 * registered with the modelling module), re-applied on every change.
 */
export function createClustersModule(platform: Platform, services: Omit<ClustersDeps, 'platform'>) {
  const deps: ClustersDeps = { platform, ...services };
  const service = createClustersService(deps);
  const previews = createClusterPreviewService(deps);
  const wordGroups = createWordGroupsService(deps);
  const module: Module = {
    name: 'clusters',
    routes: (api) => clustersRoutes(api, { columns: service, previews, wordGroups }),
  };
  return { module, service, derivedColumns: clusterDerivedColumns(deps), termLabels: termLabels(deps) };
}
