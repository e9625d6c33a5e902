import { unreachable } from '@maya/contracts';
import type { FastifyInstance } from 'fastify';
import {
  SANDBOX_APIS,
  SandboxStore,
  sandboxIdentityPlugin,
  sandboxMarketplacePlugin,
  type TokenIssuer,
} from '@maya/connectors/sandbox';
import { SANDBOX_CLIENT, type Config } from './config';

/**
 * The sandbox providers (DESIGN.md): fake sign-in servers (Google, Microsoft, Meta), the data
 * APIs every connector calls, and the Microsoft commercial marketplace, mounted under /sandbox in
 * development and tests so that sign-in, connecting sources and loading data work offline with
 * the production code. Never in production: config.sandbox is false there and the plugins refuse
 * to register. Identity providers share their token stores with the data APIs that accept their
 * access tokens.
 */
export async function registerSandbox(app: FastifyInstance, config: Config): Promise<void> {
  const stores: Record<TokenIssuer, SandboxStore> = {
    google: new SandboxStore(Date.now),
    microsoft: new SandboxStore(Date.now),
    meta: new SandboxStore(Date.now),
    apple: new SandboxStore(Date.now),
  };
  for (const provider of ['google', 'microsoft', 'meta'] as const) {
    await app.register(sandboxIdentityPlugin, {
      prefix: `/sandbox/${provider}`,
      provider,
      publicBaseUrl: `${config.appUrl}/sandbox/${provider}`,
      clients: [{ ...SANDBOX_CLIENT, redirectUris: redirectUris(config, provider) }],
      store: stores[provider],
    });
  }
  for (const api of SANDBOX_APIS) {
    await app.register(api.plugin, {
      prefix: api.prefix,
      publicBaseUrl: `${config.appUrl}${api.prefix}`,
      stores,
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

/** Where each sandbox provider may send the browser back: sign-in and source connections. */
function redirectUris(config: Config, provider: 'google' | 'microsoft' | 'meta'): string[] {
  const callback = (id: string) => `${config.appUrl}/oauth/${id}/callback`;
  switch (provider) {
    case 'google':
      return [
        `${config.appUrl}/google/redirect`,
        ...['google_ads', 'search_console', 'google_analytics_4'].map(callback),
        `${config.appUrl}/sources/setup/google_play/oauth`,
      ];
    case 'microsoft':
      return [
        `${config.appUrl}/microsoft/redirect`,
        `${config.appUrl}/microsoft/mona/redirect`,
        callback('microsoft_ads'),
      ];
    case 'meta':
      return [callback('facebook_ads')];
    default: {
      return unreachable(provider);
    }
  }
}
