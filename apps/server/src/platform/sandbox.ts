import type { FastifyInstance } from 'fastify';
import { sandboxIdentityPlugin, sandboxMarketplacePlugin } from '@maya/connectors';
import { SANDBOX_CLIENT, type Config } from './config';

/**
 * The sandbox providers (DESIGN.md): fake Google and Microsoft sign-in servers and the Microsoft
 * commercial marketplace, mounted under
 * /sandbox in development and tests, so both sign-ins work offline with the production code.
 * Never in production: config.sandbox is false there and the plugin refuses to register.
 */
export async function registerSandbox(app: FastifyInstance, config: Config): Promise<void> {
  for (const provider of ['google', 'microsoft'] as const) {
    await app.register(sandboxIdentityPlugin, {
      prefix: `/sandbox/${provider}`,
      provider,
      publicBaseUrl: `${config.appUrl}/sandbox/${provider}`,
      clients: [{ ...SANDBOX_CLIENT, redirectUris: redirectUris(config, provider) }],
    });
  }
  // The Microsoft commercial marketplace: a buy page and the SaaS Fulfillment API; a purchase
  // lands on the SPA's marketplace landing page with ?token= (in memory, forgotten on restart).
  await app.register(sandboxMarketplacePlugin, {
    prefix: '/sandbox/marketplace',
    publicBaseUrl: `${config.appUrl}/sandbox/marketplace`,
    landingPageUrl: `${config.appUrl}/microsoft/mona/start`,
  });
}

/** Microsoft sign-in also returns to the marketplace handler when it was started with is_mona. */
function redirectUris(config: Config, provider: 'google' | 'microsoft'): string[] {
  const uris = [`${config.appUrl}/${provider}/redirect`];
  if (provider === 'microsoft') uris.push(`${config.appUrl}/microsoft/mona/redirect`);
  return uris;
}
