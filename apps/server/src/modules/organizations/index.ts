import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import type { UsersService } from '../users';
import { organizationsRoutes } from './routes';
import { createOrganizationsService } from './service';

export { DEMO_ORGANIZATION, type OrganizationsService } from './service';

export function createOrganizationsModule(
  platform: Platform,
  services: { users: UsersService; subscribedAmong?(organizationIds: string[]): Promise<Set<string>> },
) {
  const service = createOrganizationsService(platform, services);
  const module: Module = {
    name: 'organizations',
    routes: (api) => organizationsRoutes(api, service),
    start: async () => void (await service.ensureDemoOrganization()),
  };
  return { module, service };
}
