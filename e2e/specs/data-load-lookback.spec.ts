import { describe, expect } from 'vitest';
import { createOrganization, createVerifiedUser, signInBrowser, uniqueEmail } from '../support/api';
import { test } from '../support/browser';
import { screenshots } from '../support/screenshots';
import { DataLoadPage } from '../pages/DataLoadPage';

describe('look-back days', () => {
  test("an administrator sets a service's look-back days on the Data Load page; they stay", async ({
    page,
    baseUrl,
  }) => {
    const email = uniqueEmail('lookback');
    const token = await createVerifiedUser(baseUrl, email);
    const organization = await createOrganization(baseUrl, token, 'Look-back Journey');
    await signInBrowser(page, email);
    const dataLoad = new DataLoadPage(page, organization.slug);
    await dataLoad.open();

    const googleAds = page.getByRole('textbox', { name: 'Look-back days: Google Ads' });
    await googleAds.waitFor();
    expect(await googleAds.getAttribute('placeholder')).toBe('30');
    await screenshots(page, 'data-load', 'lookback');

    await googleAds.fill('90');
    await page.getByRole('button', { name: 'Save look-back days' }).click();
    await page.getByText('Look-back days saved.').waitFor();
    await screenshots(page, 'data-load', 'lookback-saved');

    await dataLoad.open();
    await page.getByRole('textbox', { name: 'Look-back days: Google Ads' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Look-back days: Google Ads' }).inputValue()).toBe('90');
  }, 240_000);
});
