import { describe, expect } from 'vitest';
import { createOrganization, createVerifiedUser, signInBrowser, uniqueEmail } from '../support/api';
import { test } from '../support/browser';

describe('authorizing an AI assistant', () => {
  test('picks an organization and a dataset and arrives at next with the four parameters', async ({
    page,
    baseUrl,
  }) => {
    const email = uniqueEmail('assistant');
    const token = await createVerifiedUser(baseUrl, email);
    const organization = await createOrganization(baseUrl, token, 'Assistant Org');
    await signInBrowser(page, email);

    const next = `${baseUrl}/assistant-callback?from=test`;
    const mcpToken = 'mcp-token-for-the-e2e-journey-0001';
    await page.goto(`/sign-in?${new URLSearchParams({ mcp_auth_token: mcpToken, next }).toString()}`);
    await page.waitForURL(/\/organization-select\?/);

    await page.getByPlaceholder('Search organizations...').fill('Assistant');
    await page.getByText('@assistant-org').click();
    await page.getByRole('button', { name: 'Authorize', exact: true }).click();

    await page.waitForURL(/\/dataset-select\?/);
    const authorize = page.getByRole('button', { name: 'Authorize Dataset' });
    expect(await authorize.isDisabled()).toBe(true);
    await page.getByText('Assistant Org data').click();
    await authorize.click();

    await page.waitForURL(/\/assistant-callback\?/);
    const arrived = new URL(page.url()).searchParams;
    expect(arrived.get('from')).toBe('test');
    expect(arrived.get('mcp_auth_token')).toBe(mcpToken);
    expect(arrived.get('org_id')).toBe(organization.id);
    expect(arrived.get('user_id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(arrived.get('dataset_id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
