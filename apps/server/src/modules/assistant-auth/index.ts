import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import type { OrganizationsService } from '../organizations';
import { oauthDiscoveryRoutes, oauthRoutes } from './oauth-routes';
import { createOAuthService } from './oauth';
import { assistantAuthRoutes } from './routes';
import { createAssistantAuthService } from './service';

export { OAUTH_LIFETIMES, type McpGrant, type OAuthService } from './oauth';
export { OAUTH_RATE_LIMITS } from './oauth-routes';
export type { AssistantAuthService } from './service';

/**
 * The AI-assistant authorization (spec 000 §2; issue 28): the OAuth authorization server of the
 * MCP server, whose consent step is organization-select and dataset-select, and the list of
 * authorized assistants with revoke.
 */
export function createAssistantAuthModule(
  platform: Platform,
  services: { organizations: OrganizationsService },
  now?: () => Date,
) {
  const service = createAssistantAuthService(platform, services, now);
  const oauth = createOAuthService({
    platform,
    isMember: (organizationId, userId) => services.organizations.isMember(organizationId, userId),
    now,
  });
  const module: Module = {
    name: 'assistant-auth',
    routes: async (api) => {
      await assistantAuthRoutes(api, service);
      await oauthRoutes(api, oauth, platform.rateLimiter);
    },
    rootRoutes: (app) => oauthDiscoveryRoutes(app, oauth, platform.config.appUrl),
  };
  return { module, service, oauth };
}
