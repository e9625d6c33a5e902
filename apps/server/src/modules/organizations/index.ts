import type { Module } from '../module';
import { createOrganizationsService } from './service';

export { createOrganizationsService, DEMO_ORGANIZATION, type OrganizationsService } from './service';

export const organizationsModule: Module = {
  name: 'organizations',
  // Routes arrive with the accounts issue (spec 000 §7: GET/POST /organizations).
  routes: async () => {},
  start: async (platform) => {
    await createOrganizationsService(platform).ensureDemoOrganization();
  },
};
