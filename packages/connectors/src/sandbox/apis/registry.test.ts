import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SandboxInProductionError } from '../production';
import { SandboxStore } from '../store';
import { SANDBOX_APIS } from './registry';

describe('sandbox data APIs', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('every one refuses to register in production', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const stores = {
      google: new SandboxStore(Date.now),
      microsoft: new SandboxStore(Date.now),
      meta: new SandboxStore(Date.now),
      apple: new SandboxStore(Date.now),
    };
    for (const api of SANDBOX_APIS) {
      const app = Fastify();
      void app.register(api.plugin, {
        prefix: api.prefix,
        publicBaseUrl: `http://localhost${api.prefix}`,
        stores,
      });
      const error: unknown = await app.ready().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, api.prefix).toBeInstanceOf(SandboxInProductionError);
    }
  });
});
