import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import { developersRoutes } from './routes';
import { createDevelopersService, type DevelopersDeps } from './service';

export { GA4_FALLBACK_SERVICE_ACCOUNT, type DevelopersService } from './service';

/**
 * Settings → Developers (spec 002 §2): API keys (a principal of the organization guard), the
 * notification token and `POST /api/notifications`, the shared dataset and `datasetAccess`, GA4.
 */
export function createDevelopersModule(
  platform: Platform,
  services: Omit<DevelopersDeps, 'platform' | 'now'>,
) {
  const service = createDevelopersService({ platform, now: () => new Date(), ...services });
  const module: Module = {
    name: 'developers',
    routes: (api) => developersRoutes(api, service),
  };
  return { module, service };
}
