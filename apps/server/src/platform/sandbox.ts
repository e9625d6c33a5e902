import type { FastifyInstance } from 'fastify';
import { sandboxIdentityPlugin } from '@maya/connectors';
import { SANDBOX_CLIENT, type Config } from './config';

/**
 * The sandbox providers (DESIGN.md): fake Google and Microsoft sign-in servers mounted under
 * /sandbox in development and tests, so both sign-ins work offline with the production code.
 * Never in production: config.sandbox is false there and the plugin refuses to register.
 */
export async function registerSandbox(app: FastifyInstance, config: Config): Promise<void> {
  for (const provider of ['google', 'microsoft'] as const) {
    await app.register(sandboxIdentityPlugin, {
      prefix: `/sandbox/${provider}`,
      provider,
      publicBaseUrl: `${config.appUrl}/sandbox/${provider}`,
      clients: [{ ...SANDBOX_CLIENT, redirectUris: [`${config.appUrl}/${provider}/redirect`] }],
    });
  }
}
