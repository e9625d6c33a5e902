import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import type { BillingService } from '../billing';
import type { OrganizationsService } from '../organizations';
import type { UsersService } from '../users';
import { invitationsRoutes } from './routes';
import { createInvitationsService } from './service';

export function createInvitationsModule(
  platform: Platform,
  services: {
    users: UsersService;
    organizations: OrganizationsService;
    billing: Pick<BillingService, 'entitlements'>;
  },
) {
  const service = createInvitationsService(platform, services);
  const module: Module = {
    name: 'invitations',
    routes: (api) => invitationsRoutes(api, service, services.organizations),
  };
  return { module, service };
}
