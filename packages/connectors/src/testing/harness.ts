// A running sandbox for connector tests and the benchmark: the identity providers (sharing their
// token stores) and the data APIs asked for, on a free local port, with the endpoints and clients
// a connector context needs.
import Fastify from 'fastify';
import type { FastifyPluginAsync } from 'fastify';
import { sandboxEndpoints } from '../core/endpoints';
import type { ProviderClients, ProviderEndpoints } from '../core/endpoints';
import { SANDBOX_OAUTH_CLIENT, sandboxClients } from '../core/sandbox-clients';
import { ApiFaults } from '../sandbox/apis/faults';
import type { SandboxApiPluginOptions, TokenIssuer } from '../sandbox/apis/types';
import { sandboxIdentityPlugin } from '../sandbox/plugin';
import { SandboxStore } from '../sandbox/store';
import type { SandboxProvider } from '../sandbox/types';

export type HarnessApi = { prefix: string; plugin: FastifyPluginAsync<SandboxApiPluginOptions> };

export type Harness = {
  baseUrl: string;
  endpoints: ProviderEndpoints;
  clients: ProviderClients;
  stores: Record<TokenIssuer, SandboxStore>;
  /** The faults of each API, by its prefix (e.g. '/sandbox/google-ads'). */
  faults: (prefix: string) => ApiFaults;
  /** The clock every store and API reads; tests move it with `advance`. */
  now: () => number;
  advance: (ms: number) => void;
  close: () => Promise<void>;
};

/** The OAuth identity providers the sandbox plays (the sign-in ones double as data-API issuers). */
const IDENTITY_PROVIDERS: readonly SandboxProvider[] = ['google', 'microsoft', 'meta'];

export async function startHarness(options: { apis: HarnessApi[]; now?: number }): Promise<Harness> {
  let clock = options.now ?? Date.now();
  const now = () => clock;
  const stores: Record<TokenIssuer, SandboxStore> = {
    google: new SandboxStore(now),
    microsoft: new SandboxStore(now),
    meta: new SandboxStore(now),
    apple: new SandboxStore(now),
  };
  const app = Fastify({ logger: false, bodyLimit: 50 * 1024 * 1024 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address == null || typeof address === 'string') throw new Error('no address');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const endpoints = sandboxEndpoints(baseUrl);
  const faults = new Map<string, ApiFaults>();
  // Fastify needs routes before listen; register through a fresh instance behind the same server.
  await app.close();
  const server = Fastify({ logger: false, bodyLimit: 50 * 1024 * 1024 });
  for (const provider of IDENTITY_PROVIDERS) {
    await server.register(sandboxIdentityPlugin, {
      prefix: `/sandbox/${provider}`,
      provider,
      publicBaseUrl: `${baseUrl}/sandbox/${provider}`,
      clients: [{ ...SANDBOX_OAUTH_CLIENT, redirectUris: [`${baseUrl}/callback`] }],
      store: stores[provider as TokenIssuer],
    });
  }
  for (const api of options.apis) {
    const apiFaults = new ApiFaults();
    faults.set(api.prefix, apiFaults);
    await server.register(api.plugin, {
      prefix: api.prefix,
      publicBaseUrl: `${baseUrl}${api.prefix}`,
      stores,
      faults: apiFaults,
      now,
    });
  }
  await server.listen({ port: address.port, host: '127.0.0.1' });
  return {
    baseUrl,
    endpoints,
    clients: sandboxClients(),
    stores,
    faults: (prefix) => {
      const found = faults.get(prefix);
      if (!found) throw new Error(`no sandbox API at ${prefix}`);
      return found;
    },
    now,
    advance: (ms) => {
      clock += ms;
    },
    close: () => server.close(),
  };
}

/** A sleep that returns at once but remembers what was asked: backoff is asserted, not waited. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
}
