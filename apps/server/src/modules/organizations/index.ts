import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import type { UsersService } from '../users';
import { organizationsRoutes, type SubscribedAmong } from './routes';
import { createOrganizationsService } from './service';

export { DEMO_ORGANIZATION, MEMBERS_LOCK, type OrganizationsService } from './service';

export function createOrganizationsModule(platform: Platform, services: { users: UsersService }) {
  const service = createOrganizationsService(platform, services);
  return {
    service,
    /** The module, once billing can say which organizations a subscription pays for. */
    module: (billing: SubscribedAmong): Module => ({
      name: 'organizations',
      routes: (api) => organizationsRoutes(api, service, billing),
      start: async () => void (await service.ensureDemoOrganization()),
    }),
  };
}
