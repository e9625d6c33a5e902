import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import type { OrganizationsService } from '../organizations';
import { assistantAuthRoutes } from './routes';
import { createAssistantAuthService } from './service';

export function createAssistantAuthModule(
  platform: Platform,
  services: { organizations: OrganizationsService },
) {
  const service = createAssistantAuthService(platform, services);
  const module: Module = {
    name: 'assistant-auth',
    routes: (api) => assistantAuthRoutes(api, service),
  };
  return { module };
}
