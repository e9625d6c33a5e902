import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import type { UsersService } from '../users';
import { createAuthenticate } from './guard';
import { createMergeService } from './merge';
import { createRecoveryService } from './recovery';
import { authRoutes } from './routes';
import { createAuthService } from './service';

export type { AuthService } from './service';
export { ensureBrowser, setRefreshCookie } from './cookies';

export function createAuthModule(
  platform: Platform,
  services: { users: UsersService; organizationsCount(userId: string): Promise<number> },
) {
  const deps = { ...platform, users: services.users };
  const auth = createAuthService(deps);
  const recovery = createRecoveryService(deps, auth);
  const merge = createMergeService(deps, auth);
  const module: Module = {
    name: 'auth',
    routes: (api) =>
      authRoutes(api, {
        platform,
        deps,
        auth,
        recovery,
        merge,
        organizationsCount: (userId) => services.organizationsCount(userId),
      }),
    jobs: () => [
      auth.mails.job(),
      {
        name: 'auth.purge-rate-limits',
        cron: '17 * * * *',
        handler: async () => {
          await platform.rateLimiter.purge();
          await auth.providers.purgeExpired();
        },
      },
    ],
  };
  return { module, auth, authenticate: createAuthenticate(auth.accessTokens) };
}
