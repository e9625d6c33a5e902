import { describe, expect, inject } from 'vitest';
import { createOrganization, createVerifiedUser, signInBrowser, uniqueEmail } from '../support/api';
import { ACTION_TIMEOUT_MS, test } from '../support/browser';
import { screenshots } from '../support/screenshots';
import { makeStaff } from '../support/staff';

/** How long the popup may take: one notification poll (12 s, spec 002 §9) and the page's own work. */
const POLL_WITH_MARGIN_MS = 12_000 + ACTION_TIMEOUT_MS;

describe('settings → developers', () => {
  test('an admin creates an API key, calls the API with it, revokes it; posts a notification with the token and sees the popup', async ({
    page,
    baseUrl,
  }) => {
    const email = uniqueEmail('developer');
    const token = await createVerifiedUser(baseUrl, email);
    const organization = await createOrganization(baseUrl, token, 'Developers Journey');
    // The bell and its popup are the staff's (spec 002 §6).
    await makeStaff(inject('dataDir'), email);
    await signInBrowser(page, email);
    const membersOf = (key: string) =>
      fetch(`${baseUrl}/api/organizations/${organization.id}/users`, {
        headers: { authorization: `Bearer ${key}` },
      });

    // settings/ with no tab opens the first tab; developers opens its first category.
    await page.goto(`/organization/${organization.slug}/settings/`);
    await page.waitForURL(`**/organization/${organization.slug}/settings/members`);
    await page.getByRole('tab', { name: 'Developers' }).click();
    await page.getByRole('tab', { name: 'Shared dataset', selected: true }).waitFor();
    // A trial plan has no database access.
    await page.getByRole('link', { name: 'Upgrade plan for dataset access' }).waitFor();
    await page
      .getByText(`prj_${organization.id.replaceAll('-', '')}_db`)
      .first()
      .waitFor();
    // The AI assistants authorized through the MCP server read this dataset: none yet.
    await page.getByText('No AI assistant is authorized for this organization.').waitFor();
    await screenshots(page, 'developers', 'shared-dataset');

    // API key: create, shown once, works; revoke, refused at once.
    await page.getByRole('tab', { name: 'API key' }).click();
    await page.waitForURL('**/settings/developers/api-key');
    await page.getByRole('textbox', { name: 'Name' }).fill('Reporting script');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^mk_/);
    const list = page.getByRole('list', { name: 'API keys' });
    await list.getByText('Reporting script').waitFor();
    const allowed = await membersOf(secret);
    expect(allowed.status).toBe(200);
    expect(JSON.stringify(await allowed.json())).toContain(email);
    await screenshots(page, 'developers', 'api-key');

    await page.getByRole('button', { name: 'Revoke Reporting script' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke API key' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await page.getByText('No API keys yet.').waitFor();
    expect((await membersOf(secret)).status).toBe(401);

    // Notification token: made, then an outside system posts with it and the popup shows it.
    await page.getByRole('tab', { name: 'Notification token' }).click();
    await page.getByText('No notification token yet.').waitFor();
    await page.getByRole('button', { name: 'Create token' }).click();
    const accessToken = (await page.getByTestId('secret').textContent())?.trim() ?? '';
    expect(accessToken).toMatch(/^nt_/);
    await page.getByRole('button', { name: 'Rotate token' }).waitFor();
    await screenshots(page, 'developers', 'notification-token');

    const posted = await fetch(`${baseUrl}/api/notifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Deploy finished', body: 'v2.3 is live', type: 'success' }),
    });
    expect(posted.status).toBe(201);
    const popup = page.getByRole('status', { name: 'New notification' });
    await popup.getByText('Deploy finished').waitFor({ timeout: POLL_WITH_MARGIN_MS });
    await expect.poll(() => popup.getByText('v2.3 is live').isVisible()).toBe(true);

    // GA4: no BigQuery destination of its own, so the product's service account.
    await page.getByRole('tab', { name: 'GA4' }).click();
    await page.getByText('maya-analytics@maya-data.iam.gserviceaccount.com').waitFor();
    await screenshots(page, 'developers', 'ga4');
  });
});
