// An AI assistant as the MCP SDK's own client is one: it discovers the authorization server,
// registers itself, sends the user's browser to authorize, and exchanges the code with PKCE. The
// browser's part (the selection screens) is done through the API those screens call.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { expect } from 'vitest';
import { call, type AccountsApp } from '../support/accounts';

export const REDIRECT_URI = 'http://127.0.0.1:9/oauth/callback';

/** What the assistant keeps between its runs: its registration, tokens and the PKCE verifier. */
export class TestAssistant implements OAuthClientProvider {
  information: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | null = null;

  constructor(readonly name = 'Test assistant') {}

  get redirectUrl() {
    return REDIRECT_URI;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  state() {
    return 'state-of-the-assistant';
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

export const mcpUrl = (t: AccountsApp) => new URL(`${t.base}/api/mcp`);

/** A connected MCP client with the assistant's tokens. */
export async function connect(t: AssistantAppLike, assistant: TestAssistant): Promise<Client> {
  const client = new Client({ name: assistant.name, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl(t), { authProvider: assistant }));
  return client;
}
type AssistantAppLike = AccountsApp;

export type Person = { token: string; userId: string };

/**
 * The whole authorization: the SDK client is refused and starts OAuth (discovery, registration,
 * PKCE); the user picks the organization's first dataset on the selection screens; the browser
 * comes back to the assistant with a code, which the SDK exchanges. Returns the connected client.
 */
export async function authorizeAssistant(
  t: AccountsApp,
  user: Person,
  organizationId: string,
  assistant = new TestAssistant(),
) {
  const first = new Client({ name: assistant.name, version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(mcpUrl(t), { authProvider: assistant });
  await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(assistant.authorizationUrl).not.toBeNull();

  const code = await consent(t, user, organizationId, assistant.authorizationUrl!);
  await transport.finishAuth(code);
  expect(assistant.saved?.access_token).toMatch(/^mcp_at\./);
  const datasets = await call(t.base, 'GET', `/organizations/${organizationId}/datasets`, {
    token: user.token,
  });
  return {
    client: await connect(t, assistant),
    assistant,
    datasetId: datasets.body.datasets[0].id as string,
  };
}

/** The browser's part: authorize → organization-select → dataset-select (its API) → the code. */
export async function consent(t: AccountsApp, user: Person, organizationId: string, authorizationUrl: URL) {
  const started = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(started.status, await started.clone().text()).toBe(302);
  const select = new URL(started.headers.get('location')!);
  expect(select.pathname).toBe('/organization-select');
  const mcpAuthToken = select.searchParams.get('mcp_auth_token')!;
  const next = select.searchParams.get('next')!;
  const datasets = await call(t.base, 'GET', `/organizations/${organizationId}/datasets`, {
    token: user.token,
  });
  const datasetId = datasets.body.datasets[0].id as string;
  const granted = await call(t.base, 'POST', '/assistant/grants', {
    token: user.token,
    body: { mcp_auth_token: mcpAuthToken, organization_id: organizationId, dataset_id: datasetId },
  });
  expect(granted.status, JSON.stringify(granted.body)).toBe(201);
  // What dataset-select does on Authorize (assistantCallbackUrl).
  const back = new URL(next);
  back.searchParams.set('mcp_auth_token', mcpAuthToken);
  back.searchParams.set('user_id', user.userId);
  back.searchParams.set('org_id', organizationId);
  back.searchParams.set('dataset_id', datasetId);
  const returned = await fetch(back, { redirect: 'manual' });
  expect(returned.status, await returned.clone().text()).toBe(302);
  const location = new URL(returned.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  expect(location.searchParams.get('state')).toBe('state-of-the-assistant');
  return location.searchParams.get('code')!;
}

/** One raw JSON-RPC call to /api/mcp with a bearer token: status, headers and body. */
export async function rawMcp(t: AccountsApp, token: string | null, query = '') {
  const response = await fetch(`${t.base}/api/mcp${query}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  return {
    status: response.status,
    challenge: response.headers.get('www-authenticate'),
    body: await response.text(),
  };
}

/** The text of a tool's answer, parsed. */
export function answerOf(result: unknown): { isError: boolean; data: unknown; text: string } {
  const r = result as { isError?: boolean; content: { type: string; text: string }[] };
  const text = r.content[0]?.text ?? '';
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = null;
  }
  return { isError: r.isError === true, data, text };
}
