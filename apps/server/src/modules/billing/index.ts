import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import { billingRoutes } from './routes';
import { createBillingService, type BillingDeps, type Usage } from './service';

export { planLimitReached, type BillingService, type Usage } from './service';

/**
 * Plans and what they entitle an organization to (issue 27): the seeded catalogue, the one
 * `entitlements(organizationId)` from its subscriptions, and the routes that answer them. The
 * service comes first (the modules that enforce limits take it); the routes once the usage the
 * features count is known.
 */
export function createBillingModule(platform: Platform, services: Omit<BillingDeps, 'database'>) {
  const service = createBillingService({ database: platform.database, ...services });
  return {
    service,
    module: (usage: (organizationId: string) => Promise<Usage>): Module => ({
      name: 'billing',
      routes: (api) => billingRoutes(api, { billing: service, usage }),
      start: () => service.seed(),
    }),
  };
}
