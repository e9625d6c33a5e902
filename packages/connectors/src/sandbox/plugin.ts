// The Fastify plugin: one sandbox identity provider (Google, Microsoft or Meta) per registration, with its
// own signing key and in-memory state. Development and tests only: refused in production.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { DEFAULT_ACCOUNTS, resolveAccount } from './accounts';
import { createFlow } from './flow';
import type { RouteDeps } from './flow';
import { googleProfile, registerGoogleRoutes } from './google';
import { send, useFormBodies } from './http';
import type { Outcome } from './http';
import { createSigningKey } from './keys';
import { metaAccountNote, metaConsentOutcome, metaProfile, registerMetaRoutes } from './meta';
import type { RouteExtras } from './meta';
import { microsoftAccountNote, microsoftProfile, registerMicrosoftRoutes } from './microsoft';
import { assertSandboxAllowed } from './production';
import { SandboxStore, TOKEN_FAULTS, isTokenFault } from './store';
import type { ProviderProfile, SandboxAccount, SandboxIdentityOptions, SandboxProvider } from './types';

export { assertSandboxAllowed, SandboxInProductionError } from './production';

type ProviderParts = {
  profile: (publicBaseUrl: string) => ProviderProfile;
  registerRoutes: (app: FastifyInstance, deps: RouteDeps, extras: RouteExtras) => void;
  accountNote: (account: SandboxAccount) => string | null;
  /** The provider's wording of the consent form's answer (Meta's error_reason on Deny). */
  consentOutcome: (outcome: Outcome) => Outcome;
};

const asIs = (outcome: Outcome) => outcome;

const PROVIDERS: Record<SandboxProvider, ProviderParts> = {
  google: {
    profile: googleProfile,
    registerRoutes: registerGoogleRoutes,
    accountNote: () => null,
    consentOutcome: asIs,
  },
  microsoft: {
    profile: microsoftProfile,
    registerRoutes: registerMicrosoftRoutes,
    accountNote: microsoftAccountNote,
    consentOutcome: asIs,
  },
  meta: {
    profile: metaProfile,
    registerRoutes: registerMetaRoutes,
    accountNote: metaAccountNote,
    consentOutcome: metaConsentOutcome,
  },
};

/** Options of one registration; `store` is shared with the sandbox data APIs that accept this provider's tokens. */
export type SandboxIdentityPluginOptions = SandboxIdentityOptions & { store?: SandboxStore };

export const sandboxIdentityPlugin: FastifyPluginAsync<SandboxIdentityPluginOptions> = async (
  app,
  options,
) => {
  assertSandboxAllowed();
  const publicBaseUrl = new URL(options.publicBaseUrl).href.replace(/\/+$/, '');
  const { provider } = options;
  const accounts = (options.accounts ?? DEFAULT_ACCOUNTS[provider]).map((a) => resolveAccount(provider, a));
  const store = options.store ?? new SandboxStore(options.now ?? Date.now);
  const key = await createSigningKey();
  const parts = PROVIDERS[provider];
  const flow = createFlow({
    provider,
    profile: parts.profile(publicBaseUrl),
    clients: options.clients,
    store,
    key,
    consentAction: `${publicBaseUrl}/_sandbox/consent`,
    accountNote: parts.accountNote,
  });

  useFormBodies(app);
  app.post('/_sandbox/consent', async (request, reply) =>
    send(reply, parts.consentOutcome(flow.consent(request.body))),
  );
  app.post('/_sandbox/faults', async (request, reply) => {
    const body: unknown = request.body;
    const value =
      body != null && typeof body === 'object'
        ? (body as Record<string, unknown>).next_token_error
        : undefined;
    if (value !== null && !isTokenFault(value)) {
      return reply.code(400).send({
        error: 'invalid_request',
        error_description: `next_token_error must be one of ${TOKEN_FAULTS.join(', ')} or null.`,
      });
    }
    store.nextTokenFault = value;
    return { next_token_error: store.nextTokenFault };
  });

  parts.registerRoutes(app, { publicBaseUrl, flow, key, accounts }, { store, clients: options.clients });
};
