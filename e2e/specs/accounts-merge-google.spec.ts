import { describe, expect } from 'vitest';
import { ProviderConsentPage } from '../pages/ProviderConsentPage';
import { SignInPage } from '../pages/SignInPage';
import { createVerifiedUser, mailLink, uniqueEmail } from '../support/api';
import { test } from '../support/browser';

describe('a Google account with the e-mail of a password account', () => {
  test('is merged through the e-mailed link, and the waiting tab signs in with Google', async ({
    page,
    baseUrl,
  }) => {
    const email = uniqueEmail('merger');
    await createVerifiedUser(baseUrl, email);

    const signIn = new SignInPage(page);
    await signIn.goto();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await new ProviderConsentPage(page).allowAs(email);

    await page.waitForURL(/\/merge-account\?/);
    const query = new URL(page.url()).searchParams;
    expect(query.get('email')).toBe(email);
    expect(query.get('provider')).toBe('google');
    await page.getByText('Merge Required').first().waitFor();

    // Opening the page mailed nothing; the visitor asks for the link.
    await page.getByRole('button', { name: 'Send the merge e-mail' }).click();
    await page.getByText('Merge email sent!').waitFor();

    // The owner opens the link from their mailbox in another tab, sees the Google account and confirms.
    const link = new URL(await mailLink(baseUrl, email, /Merge your sign-in methods/));
    const mailTab = await page.context().newPage();
    await mailTab.goto(`${link.pathname}${link.search}`);
    await mailTab.getByRole('region', { name: 'The Google account to link' }).getByText(email).waitFor();
    await mailTab.getByRole('button', { name: 'Yes, link this account' }).click();
    // 'Redirecting...' shows only while the tab leaves for Google: wait for the question to go.
    await mailTab.getByRole('button', { name: 'Yes, link this account' }).waitFor({ state: 'detached' });

    // The first tab polls every 3 s, sees the merge and signs in with the Google token.
    await page.waitForURL(/\/create-organization$/);
  });

  test('denying consent returns to sign-in with the error shown', async ({ page }) => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(/\/sign-in/);
    await page
      .getByText(/access_denied|denied|cancel/i)
      .first()
      .waitFor();
  });
});
