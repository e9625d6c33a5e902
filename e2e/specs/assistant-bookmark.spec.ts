// An AI assistant's answer becomes a saved view a person opens: the assistant is authorized through
// OAuth with the consent given in the browser (organization-select, dataset-select), calls the MCP
// server's create_bookmark tool over HTTP with its token, and the link the tool returns opens the
// bookmarked report state in the browser.
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect } from 'vitest';
import { createOrganization, createVerifiedUser, signInBrowser, uniqueEmail } from '../support/api';
import { expectAccessible } from '../support/accessibility';
import { test } from '../support/browser';
import { DashboardPage } from '../pages/DashboardPage';
import { SourcesPages } from '../pages/SourcesPages';
import { screenshots } from '../support/screenshots';

/** A first load of one sandbox Google Ads account on a two-core machine. */
const LOAD_TIMEOUT_MS = 240_000;

/** The assistant's own address: nothing listens there; the browser's request to it carries the code. */
const REDIRECT_URI = 'http://127.0.0.1:9/oauth/callback';
const BOOKMARK = 'Google Ads by channel (from the assistant)';
const STATE = {
  version: 1,
  page: 'channels',
  filters: [
    {
      id: 'channel',
      kind: 'list',
      table: 'performance',
      column: 'channel',
      mode: 'include',
      values: ['Google Ads'],
    },
  ],
  slicers: [],
  sort: [],
};

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return JSON.parse(text) as Record<string, unknown>;
}

describe('a bookmark an AI assistant creates', () => {
  test('opens in the browser on the bookmarked page with its filters', async ({ page, baseUrl }) => {
    const email = uniqueEmail('assistant-bookmark');
    const token = await createVerifiedUser(baseUrl, email);
    const organization = await createOrganization(baseUrl, token, 'Assistant Bookmarks');
    await signInBrowser(page, email);
    // Data to show: without a first load the dashboard asks for a data source instead.
    await new SourcesPages(page, organization.slug).connectGoogleAdsAndLoad(
      email,
      'Acme Outdoor Germany',
      LOAD_TIMEOUT_MS,
    );

    // The assistant registers itself and sends the person's browser to authorize (PKCE S256).
    const client = await postJson(`${baseUrl}/api/oauth/register`, {
      client_name: 'E2E assistant',
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'none',
    });
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(`${baseUrl}/api/oauth/authorize`);
    for (const [key, value] of Object.entries({
      response_type: 'code',
      client_id: String(client.client_id),
      redirect_uri: REDIRECT_URI,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'e2e-state',
      resource: `${baseUrl}/api/mcp`,
    }))
      authorize.searchParams.set(key, value);

    // Consent on the product's own selection screens; the browser is then sent to the assistant.
    const backToAssistant = page.waitForRequest((request) => request.url().startsWith(REDIRECT_URI));
    await page.goto(authorize.toString());
    await page.waitForURL(/\/organization-select\?/);
    await page.getByText('@assistant-bookmarks').click();
    await page.getByRole('button', { name: 'Authorize', exact: true }).click();
    await page.waitForURL(/\/dataset-select\?/);
    await page.getByText('Assistant Bookmarks data').click();
    await page.getByRole('button', { name: 'Authorize Dataset' }).click();
    const returned = new URL((await backToAssistant).url());
    expect(returned.searchParams.get('state')).toBe('e2e-state');
    const code = returned.searchParams.get('code') ?? '';

    const tokenResponse = await fetch(`${baseUrl}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        client_id: String(client.client_id),
        code_verifier: verifier,
        resource: `${baseUrl}/api/mcp`,
      }).toString(),
    });
    const tokens = (await tokenResponse.json()) as { access_token: string };
    expect(tokens.access_token).toMatch(/^mcp_at\./);

    // The tool call, as an MCP client sends it over Streamable HTTP.
    const answer = await postJson(
      `${baseUrl}/api/mcp`,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'create_bookmark',
          arguments: { report_slug: '-maya', name: BOOKMARK, state: STATE },
        },
      },
      { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json, text/event-stream' },
    );
    const result = answer.result as { isError?: boolean; structuredContent: { result: { link: string } } };
    expect(result.isError ?? false).toBe(false);
    const link = new URL(result.structuredContent.result.link);
    expect(link.origin).toBe(new URL(baseUrl).origin);

    // The person opens the link: the report, on the bookmarked page, with the bookmark's filter.
    await page.goto(link.toString());
    const dashboard = new DashboardPage(page, organization.slug);
    await dashboard.title('Marketing Performance').waitFor();
    await dashboard.activeBookmark(BOOKMARK).waitFor();
    await dashboard.waitForPage('Channels');
    expect(await dashboard.currentPage()).toBe('Channels');
    await dashboard.openFilters();
    await dashboard.waitForFilterSummary('Channel', 'Google Ads');
    await expectAccessible(page);
    await screenshots(page, 'assistant', 'bookmark-from-assistant');
  }, 360_000); // a first load on a two-core machine, then the consent and the dashboard
});
