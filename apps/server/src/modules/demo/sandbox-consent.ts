import { randomBytes } from 'node:crypto';
import {
  connectionAuthorization,
  exchangeCode,
  oauthClient,
  oauthEndpoints,
  type Connector,
  type Credentials,
} from '@maya/connectors';
import type { Config } from '../../platform/config';

/** How long the sandbox may take to answer at start (the server listens after the modules start). */
const SANDBOX_WAIT_MS = 60_000;
const RETRY_MS = 250;

export class SandboxConsentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxConsentError';
  }
}

/**
 * Authorizes the product at a sandbox provider the way a user does on integrations/add, without
 * a browser: the connector's own authorize URL (scopes, PKCE, extra parameters), the sandbox's
 * consent page answered Allow as the account it offers first, and the code traded for tokens
 * with the product's client. Over HTTP to the configured endpoints, so that the tokens live in
 * the sandbox the connectors then call (its token stores are in memory, per process), once it
 * answers. Null when the connector does not sign in with OAuth or its provider is not the
 * sandbox mounted here.
 */
export async function sandboxConsent(
  config: Pick<Config, 'appUrl' | 'connectors'>,
  connector: Connector,
  redirectUri: string,
  signal: AbortSignal,
): Promise<Credentials | null> {
  const auth = connector.auth;
  if (auth.kind !== 'oauth2') return null;
  const endpoints = oauthEndpoints(auth.provider, config.connectors.endpoints);
  const client = oauthClient(auth.provider, config.connectors.clients);
  if (!client || !endpoints.authorizeUrl.startsWith(`${config.appUrl}/sandbox/`)) return null;
  await waitForSandbox(config, signal);
  const state = randomBytes(16).toString('base64url');
  const { url, codeVerifier } = connectionAuthorization({
    auth,
    endpoints,
    clientId: client.clientId,
    redirectUri,
    state,
  });
  const consentPage = await fetch(url, { signal });
  const html = await consentPage.text();
  // The sandbox's own form (packages/connectors/src/sandbox/html.ts): the request and the account
  // it offers checked.
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1];
  const account = /name="account" value="([^"]+)" checked/.exec(html)?.[1];
  if (!consentPage.ok || !action || !requestId || !account) {
    throw new SandboxConsentError(
      `${connector.id}: the sandbox showed no consent page (${consentPage.status})`,
    );
  }
  const answer = await fetch(new URL(action, consentPage.url), {
    method: 'POST',
    body: new URLSearchParams({ request_id: requestId, decision: 'allow', account }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
    signal,
  });
  const back = new URL(answer.headers.get('location') ?? '', config.appUrl);
  const code = back.searchParams.get('code');
  if (answer.status !== 302 || !code || back.searchParams.get('state') !== state) {
    throw new SandboxConsentError(
      `${connector.id}: the sandbox gave no authorization code (${answer.status})`,
    );
  }
  const tokens = await exchangeCode({
    provider: auth.provider,
    endpoints,
    client,
    code,
    redirectUri,
    codeVerifier,
  });
  return { kind: 'oauth2', tokens };
}

/**
 * Resolves once the sandbox answers: a pass queued at start runs before the server listens.
 * Rejects after a minute without an answer.
 */
export async function waitForSandbox(config: Pick<Config, 'appUrl'>, signal: AbortSignal): Promise<void> {
  await fetchWhenUp(`${config.appUrl}/sandbox/google/.well-known/openid-configuration`, signal);
}

/** GET, retried while nothing listens yet (the app is still starting). */
async function fetchWhenUp(url: string, signal: AbortSignal): Promise<Response> {
  const deadline = Date.now() + SANDBOX_WAIT_MS;
  for (;;) {
    try {
      return await fetch(url, { signal });
    } catch (error) {
      if (signal.aborted || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}
