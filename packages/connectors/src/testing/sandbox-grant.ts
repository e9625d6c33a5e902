// A sandbox provider's consent page answered over HTTP as a browser would, and a connection's
// credentials obtained through it without the product: for tests that read a provider's own API
// beside what the product loaded (the reconciliations, the e2e money journey). The code flow is
// the product's client's (`core/oauth.ts`); only the consent is scripted.
import { randomBytes } from 'node:crypto';
import { sandboxEndpoints } from '../core/endpoints';
import { connectionAuthorization, exchangeCode, oauthClient, oauthEndpoints } from '../core/oauth';
import type { Credentials } from '../core/types';
import { connectorFor } from '../registry';
import { sandboxClients } from '../core/sandbox-clients';

/**
 * Answers the consent page at `authorizationUrl`: Allow or Deny, as the first account it offers
 * or, with `email`, as that account typed in. Answers where the provider sends the browser back.
 */
export async function answerConsent(
  authorizationUrl: string,
  decision: 'allow' | 'deny',
  email: string | null = null,
): Promise<URL> {
  const page = await fetch(authorizationUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`consent page ${authorizationUrl}: ${page.status} ${html}`);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const offered = /name="account" value="([^"]+)"/.exec(html)?.[1] ?? 'other';
  const as: Record<string, string> =
    email === null ? { account: offered } : { account: 'other', email, email_verified: 'true' };
  const answer = await fetch(new URL(action, page.url), {
    method: 'POST',
    body: new URLSearchParams({ request_id: requestId, decision, ...as }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  if (answer.status !== 302) throw new Error(`consent answered ${answer.status}: ${await answer.text()}`);
  return new URL(answer.headers.get('location') ?? '');
}

/**
 * OAuth credentials of `serviceId` at the sandbox of the app at `appUrl`, granted by `email`: the
 * product's client and callback, a consent answered here and the code exchanged, as a second
 * connection of the same user would be. The product's own stored tokens are not touched.
 */
export async function sandboxCredentials(
  appUrl: string,
  serviceId: string,
  email: string,
): Promise<Credentials> {
  const auth = connectorFor(serviceId)?.auth;
  if (auth?.kind !== 'oauth2') throw new Error(`${serviceId} is not an OAuth service`);
  const endpoints = oauthEndpoints(auth.provider, sandboxEndpoints(appUrl));
  const client = oauthClient(auth.provider, sandboxClients());
  if (!client) throw new Error(`no sandbox client for ${auth.provider}`);
  const redirectUri = `${appUrl.replace(/\/+$/, '')}/oauth/${serviceId}/callback`;
  const state = randomBytes(16).toString('base64url');
  const { url, codeVerifier } = connectionAuthorization({
    auth,
    endpoints,
    clientId: client.clientId,
    redirectUri,
    state,
  });
  const callback = await answerConsent(url, 'allow', email);
  const code = callback.searchParams.get('code');
  if (code === null || callback.searchParams.get('state') !== state) {
    throw new Error(`the consent came back without a code: ${callback.href}`);
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
