// The sandbox of one test file, set up the way every connector and sandbox-API test needs it:
// started before the file's tests (on the given APIs and clock), closed after them, its injected
// faults cleared before each test; tokens as if the user had consented, and connector contexts
// against it. Registers Vitest hooks, so it is imported by test files only (not by index.ts, which
// the benchmark loads outside Vitest).
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { connectorContext } from '../core/context';
import type { ContextInput } from '../core/context';
import type { ProviderClients } from '../core/endpoints';
import type {
  AccountRef,
  Connector,
  ConnectorContext,
  Credentials,
  DateRange,
  OAuthTokens,
} from '../core/types';
import { SANDBOX_OAUTH_CLIENT } from '../core/sandbox-clients';
import type { SandboxProvider } from '../sandbox/types';
import { drain, recordingFetch } from './extract';
import type { Extracted, RecordedRequest } from './extract';
import { startHarness } from './harness';
import type { Harness, HarnessApi } from './harness';
import { mintTokens } from './tokens';

export type TokenOptions = {
  /** The user; default the provider's first test account (Ada at Google and Meta, Alan at Microsoft). */
  email?: string;
  expiresInS?: number;
};

export type TestContextOptions = Pick<ContextInput, 'onTokens' | 'fetch' | 'sleep'> & {
  /** The product's clients; default the sandbox's. */
  clients?: ProviderClients;
};

export type SandboxTest = {
  /** The running sandbox: inside tests and hooks only. */
  readonly harness: Harness;
  /** Tokens of a user who consented to `scopes` at the sandbox `provider`. */
  tokens(provider: SandboxProvider, scopes: readonly string[], options?: TokenOptions): OAuthTokens;
  /** `Bearer {access token}`, for calling a sandbox API directly. */
  bearer(provider: SandboxProvider, scopes: readonly string[], options?: TokenOptions): string;
  /** A connector context against the sandbox; its sleep returns at once unless one is given. */
  context(connector: Connector, credentials: Credentials, options?: TestContextOptions): ConnectorContext;
  /** Extracts the account (only `streams` when given), recording what was asked of the provider. */
  extract(
    connector: Connector,
    credentials: Credentials,
    account: AccountRef,
    range: DateRange,
    streams?: readonly string[],
  ): Promise<Extracted & { requests: RecordedRequest[] }>;
};

const noWait = async () => {};

export function useSandbox(options: { apis: HarnessApi[]; now?: number }): SandboxTest {
  let running: Harness | null = null;
  beforeAll(async () => {
    running = await startHarness(options);
  });
  afterAll(async () => {
    await running?.close();
    running = null;
  });
  beforeEach(() => {
    for (const api of options.apis) running?.faults(api.prefix).clear();
  });

  const harness = (): Harness => {
    if (!running) throw new Error('The sandbox runs only inside tests and hooks.');
    return running;
  };
  const tokens = (provider: SandboxProvider, scopes: readonly string[], token: TokenOptions = {}) =>
    mintTokens(harness().stores[provider], {
      clientId: SANDBOX_OAUTH_CLIENT.clientId,
      scopes,
      provider,
      ...token,
    });

  const context = (connector: Connector, credentials: Credentials, options: TestContextOptions = {}) =>
    connectorContext({
      connector,
      endpoints: harness().endpoints,
      clients: options.clients ?? harness().clients,
      credentials,
      onTokens: options.onTokens,
      fetch: options.fetch,
      sleep: options.sleep ?? noWait,
    });

  return {
    get harness() {
      return harness();
    },
    tokens,
    bearer: (provider, scopes, token) => `Bearer ${tokens(provider, scopes, token).access_token}`,
    context,
    async extract(connector, credentials, account, range, streams) {
      const { fetch, requests } = recordingFetch();
      const extracted = await drain(
        connector.extract(context(connector, credentials, { fetch }), account, range, streams),
      );
      return { ...extracted, requests };
    },
  };
}
