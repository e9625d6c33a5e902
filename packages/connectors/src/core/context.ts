// Builds what a connector runs with: the endpoints, the product's clients, the connection's
// credentials and its Authorization.
import type { ProviderClients, ProviderEndpoints } from './endpoints';
import { createProviderHttp } from './http';
import type { ErrorReader, ProviderHttp } from './http';
import { oauthClient, oauthEndpoints, oauthTokenSource } from './oauth';
import type { Connector, ConnectorContext, Credentials, OAuthTokens } from './types';
import { ProviderError } from './errors';

export type ContextInput = {
  connector: Connector;
  endpoints: ProviderEndpoints;
  clients: ProviderClients;
  credentials: Credentials;
  /** Called with refreshed OAuth tokens, to be stored in place of the old ones. */
  onTokens?: (tokens: OAuthTokens) => Promise<void>;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
};

export function connectorContext(input: ContextInput): ConnectorContext {
  const { connector, credentials } = input;
  const base = {
    endpoints: input.endpoints,
    clients: input.clients,
    credentials,
    fetch: input.fetch,
    sleep: input.sleep,
    signal: input.signal,
  };
  if (connector.authenticate) return { ...base, auth: connector.authenticate(base) };
  if ((credentials.kind === 'oauth2' || credentials.kind === 'gcs_bucket') && 'provider' in connector.auth) {
    const provider = connector.auth.provider;
    const client = oauthClient(provider, input.clients);
    if (!client) throw new ProviderError('provider', `${provider} is not configured.`, 0, provider);
    const auth = oauthTokenSource({
      provider,
      endpoints: oauthEndpoints(provider, input.endpoints),
      client,
      tokens: credentials.tokens,
      onTokens: input.onTokens ?? (async () => {}),
      fetch: input.fetch,
    });
    return { ...base, auth };
  }
  return { ...base, auth: null };
}

/** The HTTP client a connector uses for its provider's API, with that provider's error reading. */
export function httpFor(context: ConnectorContext, provider: string, readError?: ErrorReader): ProviderHttp {
  return createProviderHttp({
    provider,
    auth: context.auth,
    readError,
    fetch: context.fetch,
    sleep: context.sleep,
    signal: context.signal,
  });
}
