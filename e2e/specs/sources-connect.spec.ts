import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { MOOSEND_SANDBOX_API_KEYS } from '@maya/connectors/sandbox';
import { createOrganization, createVerifiedUser, signInBrowser, uniqueEmail } from '../support/api';
import { test } from '../support/browser';
import { ProviderConsentPage } from '../pages/ProviderConsentPage';
import { SourcesPages } from '../pages/SourcesPages';

/**
 * One user for the whole file (sign-ups are rate limited per address, and every journey signs up
 * from the same one), a fresh organization per test.
 */
let user: Promise<{ email: string; token: string }> | null = null;

async function signedInOrganization(page: Page, baseUrl: string, name: string) {
  user ??= (async () => {
    const email = uniqueEmail('sources');
    return { email, token: await createVerifiedUser(baseUrl, email) };
  })();
  const { email, token } = await user;
  const organization = await createOrganization(baseUrl, token, `Sources ${name}`);
  await signInBrowser(page, email);
  return { email, organization, sources: new SourcesPages(page, organization.slug) };
}

describe('connecting data sources', () => {
  test('Google Ads through the consent page: two accounts picked in the tree appear on the sources page', async ({
    page,
    baseUrl,
  }) => {
    const { email, sources } = await signedInOrganization(page, baseUrl, 'google-ads');
    await sources.openList();
    await page.getByText('Connect sources').first().waitFor();

    await sources.openAdd();
    await sources.choose('Google Ads');
    await new ProviderConsentPage(page).allowAs(email);

    await page.getByRole('columnheader', { name: 'Account Name' }).waitFor();
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByText('You have to select at least one account').waitFor();
    await sources.accountCheckbox('Acme Outdoor Germany').check();
    await sources.accountCheckbox('Acme Outdoor France').check();
    await sources.connect();

    await page.getByText('Google Ads connected succesfully.').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/\/sources$/);
    await sources.expand('Google Ads');
    await sources.accountRow('Acme Outdoor Germany').first().waitFor();
    await sources.accountRow('Acme Outdoor France').first().waitFor();
  });

  test('a denied consent comes back to add source with the error banner', async ({ page, baseUrl }) => {
    const { sources } = await signedInOrganization(page, baseUrl, 'deny');
    await sources.openAdd();
    await sources.choose('Google Ads');
    await new ProviderConsentPage(page).deny();
    await page
      .getByText(
        'Something went wrong, please try again later or try again with a different account. (The user denied the request.)',
      )
      .waitFor();
    expect(new URL(page.url()).pathname).toMatch(/\/sources\/add$/);
  });

  test('Moosend with an API key and Apple Ads with the key pair', async ({ page, baseUrl }) => {
    const { sources } = await signedInOrganization(page, baseUrl, 'setup');
    await sources.openAdd();
    await sources.choose('Moosend');
    const save = page.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('API Key').fill(MOOSEND_SANDBOX_API_KEYS.northpeak);
    await save.click();
    await page.waitForURL(/\/sources$/);
    await sources.expand('Moosend');
    await sources.accountRow('Northpeak Outdoor').first().waitFor();

    await sources.openAdd();
    await sources.choose('Apple Ads');
    const publicKey = page.getByLabel('Public Key');
    // The key pair is made by the server on arrival: wait for it as for any other element.
    await expect.poll(() => publicKey.inputValue()).toMatch(/BEGIN PUBLIC KEY/);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please fill all fields').waitFor();

    // The user uploads the public key at Apple, which answers with the ids (the sandbox's registration).
    const registered = await page.request.post('/sandbox/apple/_sandbox/clients', {
      data: { public_key: await publicKey.inputValue() },
    });
    const ids = (await registered.json()) as { client_id: string; team_id: string; key_id: string };
    await page.getByLabel('Client ID').fill(ids.client_id);
    await page.getByLabel('Team ID').fill(ids.team_id);
    await page.getByLabel('Key ID').fill(ids.key_id);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/sources$/);
    await sources.expand('Apple Ads');
    await sources.accountRow('Northpeak Apps').first().waitFor();
  });

  test('Search Console: a chosen domain property disables the URL-prefix properties it covers', async ({
    page,
    baseUrl,
  }) => {
    const { email, sources } = await signedInOrganization(page, baseUrl, 'search-console');
    await sources.openAdd();
    await sources.choose('Google Search Console');
    await new ProviderConsentPage(page).allowAs(email);
    const covered = sources.accountCheckbox('https://www.example.com/');
    await covered.check();
    expect(await covered.isChecked()).toBe(true);
    await sources.accountCheckbox('example.com').check();
    await expect.poll(() => covered.isDisabled()).toBe(true);
    expect(await covered.isChecked()).toBe(false);
    expect(await sources.accountCheckbox('https://trailfox.example/').isDisabled()).toBe(false);
  });
});
