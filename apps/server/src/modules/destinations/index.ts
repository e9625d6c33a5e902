import { checkDestination } from '@maya/warehouse';
import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import { destinationsRoutes } from './routes';
import { createDestinationsService, type DestinationsDeps } from './service';

export { MANAGED_DESTINATION_ID, destinationCatalog } from './catalog';
export { createDestinationsService, type DestinationsService } from './service';

/**
 * Destinations (spec 002 Destination wizard): where an organization's data is loaded, the managed
 * default or its own PostgreSQL, BigQuery or Databricks, whose settings are checked by connecting
 * before they are saved, sealed.
 */
export function createDestinationsModule(platform: Platform, services: Pick<DestinationsDeps, 'hasSources'>) {
  const service = createDestinationsService({
    platform,
    // Production refuses hosts that are not publicly reachable (config.allowPrivateDestinations).
    checkDestination: (config, timeoutMs) =>
      checkDestination(config, {
        timeoutMs,
        allowPrivateAddresses: platform.config.allowPrivateDestinations,
      }),
    ...services,
  });
  const module: Module = {
    name: 'destinations',
    routes: (api) => destinationsRoutes(api, service),
  };
  return { module, service };
}
