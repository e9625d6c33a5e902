import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import { createAuthorizationFlow } from './authorization';
import { createConversionSettings } from './conversion-settings';
import { sourcesRoutes } from './routes';
import { createSourcesService, FIRST_LOAD_QUEUE, type SourcesDeps } from './service';
import { createSetupFlows } from './setup';

export { FIRST_LOAD_QUEUE, createSourcesService, type FirstLoadJob, type SourcesService } from './service';
export { createCredentialsStore } from './credentials';
export { redirectPathFor } from './catalog';

/** Data sources (spec 001 §2 Sources): connected accounts, authorizations and setup screens. */
export function createSourcesModule(platform: Platform, services: Pick<SourcesDeps, 'billing' | 'sleep'>) {
  const sources = createSourcesService({ platform, ...services });
  const authorization = createAuthorizationFlow(platform, sources);
  const setup = createSetupFlows(platform, sources);
  const conversions = createConversionSettings(platform.database.db);
  const module: Module = {
    name: 'sources',
    routes: (api) =>
      sourcesRoutes(api, {
        sources,
        authorization,
        setup,
        conversions,
        serviceAccountEmail: platform.config.connectors.clients.googleServiceAccount?.clientEmail ?? null,
      }),
    // The queue exists before the first connect sends to it; the ETL module works it.
    start: async () => void (await platform.jobs.boss.createQueue(FIRST_LOAD_QUEUE)),
  };
  return { module, service: sources, conversions };
}
