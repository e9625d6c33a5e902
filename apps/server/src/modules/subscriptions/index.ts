import type { Platform } from '../../platform/platform';
import type { AuthService } from '../auth';
import type { Module } from '../module';
import type { UsersService } from '../users';
import { createMarketplaceClient } from './marketplace';
import { subscriptionsRoutes } from './routes';
import { createSubscriptionsService } from './service';

export type { SubscriptionsService } from './service';

/** Microsoft commercial marketplace ("mona") subscriptions: resolve, attach to a user, link. */
export function createSubscriptionsModule(
  platform: Platform,
  services: { users: UsersService; auth: AuthService },
) {
  const service = createSubscriptionsService({
    database: platform.database,
    users: services.users,
    auth: services.auth,
    marketplace: createMarketplaceClient(platform.config.marketplace),
  });
  const module: Module = {
    name: 'subscriptions',
    routes: (api) =>
      subscriptionsRoutes(api, {
        config: platform.config,
        rateLimiter: platform.rateLimiter,
        subscriptions: service,
      }),
  };
  return { module, service };
}
