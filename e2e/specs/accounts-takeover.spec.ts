import type { Browser, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { ProviderConsentPage } from '../pages/ProviderConsentPage';
import { SignInPage } from '../pages/SignInPage';
import { SignUpPage } from '../pages/SignUpPage';
import { createVerifiedUser, mailLink, PASSWORD, uniqueEmail } from '../support/api';
import { ACTION_TIMEOUT_MS, test } from '../support/browser';

/**
 * The account takeovers of issue 22, tried in the browser by an attacker: each fails with a clear
 * message to the attacker, and the victim's account is as it was (docs/security.md).
 */
async function otherBrowser(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  return context.newPage();
}

/** The victim can still sign in with their own password, through the API. */
async function victimSignsIn(page: Page, email: string, password = PASSWORD): Promise<number> {
  return (await page.request.post('/api/auth/login', { data: { email, password } })).status();
}

describe('account takeover attempts', () => {
  test("a Google account that claims the victim's unverified e-mail is refused", async ({
    page,
    baseUrl,
  }) => {
    const victim = uniqueEmail('victim.google');
    await createVerifiedUser(baseUrl, victim);

    await new SignInPage(page).goto();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await new ProviderConsentPage(page).allowAs(victim, { unverified: true });
    await page.waitForURL(/\/sign-in/);
    await page.getByText('Google has not verified this e-mail address').first().waitFor();

    expect(await victimSignsIn(page, victim)).toBe(200);
    const merged = await page.request.get(`/api/auth/check_merge_accounts?email=${victim}&provider=google`);
    expect(await merged.json()).toEqual({ is_merged: false });
  });

  test('a merge link the attacker asked for shows their account, and the owner declines it', async ({
    page,
    browser,
    baseUrl,
  }) => {
    const victim = uniqueEmail('victim.merge');
    await createVerifiedUser(baseUrl, victim);

    // The attacker signs in with a Microsoft account that claims the victim's address.
    await new SignInPage(page).goto();
    await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
    await new ProviderConsentPage(page).allowAs(victim, { name: 'Mallory Attacker' });
    await page.waitForURL(/\/merge-account\?/);
    await page.getByRole('button', { name: 'Send the merge e-mail' }).click();
    await page.getByText('Merge email sent!').waitFor();

    // The victim opens the genuine mail in their own browser.
    const owner = await otherBrowser(browser, baseUrl);
    await owner.goto(await mailLink(baseUrl, victim, /Merge your sign-in methods/));
    const account = owner.getByRole('region', { name: 'The Microsoft account to link' });
    await account.getByText('Mallory Attacker').waitFor();
    await account.getByText('Not verified by Microsoft').waitFor();
    await owner.getByRole('button', { name: 'No, this is not mine' }).click();
    await owner.getByText('Nothing was linked').waitFor();

    await page.getByRole('button', { name: 'I merged the accounts' }).click();
    await page.getByText(/The accounts are not merged yet/).waitFor();
    expect(await victimSignsIn(page, victim)).toBe(200);
    const merged = await page.request.get(
      `/api/auth/check_merge_accounts?email=${victim}&provider=microsoft`,
    );
    expect(await merged.json()).toEqual({ is_merged: false });
  });

  test("a password set at sign-up with the victim's e-mail does not survive the victim's verification", async ({
    page,
    browser,
    baseUrl,
  }) => {
    const victim = uniqueEmail('victim.signup');
    const attackerPassword = 'the attacker picked this';

    const signUp = new SignUpPage(page);
    await signUp.goto();
    await signUp.accountStep({
      firstName: 'Mal',
      lastName: 'Lory',
      email: victim,
      password: attackerPassword,
    });
    await signUp.companyStep({ company: 'Evil Corp', position: 'CEO' });
    await signUp.termsStep();
    await page.waitForURL(/\/verify-email\?/);

    // The victim verifies in their own browser and is asked for a password of their own.
    const owner = await otherBrowser(browser, baseUrl);
    await owner.goto(await mailLink(baseUrl, victim, /Verify your e-mail/));
    await owner.getByText('Choose your password').waitFor();
    await owner.getByLabel('New password').fill('the owner picked this one');
    await owner.getByRole('button', { name: 'Reset Password' }).click();
    await owner.getByText('Your password has been changed').waitFor();

    // The attacker's password no longer signs in.
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.emailField.fill(victim);
    await signIn.passwordField.fill(attackerPassword);
    await signIn.signInButton.click();
    await page.getByText('Incorrect credentials').waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    expect(await victimSignsIn(page, victim, 'the owner picked this one')).toBe(200);
  });

  test("a Google sign-in return carried to the victim's browser does not sign the victim in", async ({
    page,
    browser,
    baseUrl,
  }) => {
    const attacker = uniqueEmail('attacker.csrf').replace('@acme.example', '@gmail.com');
    // The attacker starts a sign-in and stops at the return, keeping its code and state.
    await page.route('**/google/redirect?**', (route) => route.abort());
    await new SignInPage(page).goto();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const returned = page.waitForRequest(/\/google\/redirect\?/);
    await new ProviderConsentPage(page).allowAs(attacker);
    const plantedUrl = new URL((await returned).url());

    const victim = await otherBrowser(browser, baseUrl);
    await victim.goto(`${plantedUrl.pathname}${plantedUrl.search}`);
    await victim.waitForURL(/\/sign-in/);
    await victim.getByText('This sign-in was not started in this browser').first().waitFor();
    const session = await victim.request.post('/api/auth/refresh_token');
    expect(session.status()).toBe(401);
  });
});
