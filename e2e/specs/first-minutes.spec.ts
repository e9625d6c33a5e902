import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { FirstLoadPanel } from '../pages/FirstLoadPanel';
import { NotFoundPage } from '../pages/NotFoundPage';
import { SignInPage } from '../pages/SignInPage';
import { SignUpPage } from '../pages/SignUpPage';
import { createOrganization, createVerifiedUser, signInBrowser, uniqueEmail } from '../support/api';
import { test } from '../support/browser';

/** The answer to the next sign-in attempt. */
function loginAnswer(page: Page) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/login');
}

describe('the first minutes', () => {
  test('a new user signs up, creates an organization and lands on its dashboard, whose call to action leads to Sources', async ({
    page,
    baseUrl,
  }) => {
    const email = uniqueEmail('first-minutes');
    const signUp = new SignUpPage(page);
    await signUp.signUpAndVerify(baseUrl, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      password: 'analytical engine 1843',
      company: 'Engine Works',
    });
    await signUp.createOrganization('Engine Works');
    await page.waitForURL(/\/organization\/engine-works\/settings\/destinations\?refresh_destinations/);

    // The landing opens the organization's own report, never the demo one, and says what to do.
    await page.goto('/');
    await page.waitForURL(/\/organization\/engine-works\/dashboard\/-maya$/);
    const firstLoad = new FirstLoadPanel(page);
    await firstLoad.noSourceTitle.waitFor();
    expect(await page.getByText('Dashboard not ready').count()).toBe(0);
    expect(await page.title()).toBe('Dashboard - Maya');

    await firstLoad.connectSource.click();
    await page.waitForURL(/\/organization\/engine-works\/sources$/);

    // The organization's home and dashboard/ open the same report.
    for (const path of ['/organization/engine-works', '/organization/engine-works/dashboard']) {
      await page.goto(path);
      await page.waitForURL(/\/organization\/engine-works\/dashboard\/-maya$/);
      await firstLoad.noSourceTitle.waitFor();
    }
  });

  test('an unknown report shows the not-found page, not "Please try again later"', async ({
    page,
    baseUrl,
  }) => {
    const email = uniqueEmail('unknown-report');
    const token = await createVerifiedUser(baseUrl, email);
    const organization = await createOrganization(baseUrl, token, 'Unknown Report Co');
    await signInBrowser(page, email);

    await new NotFoundPage(page).goto(`/organization/${organization.slug}/dashboard/-no-such-report`);
    expect(await page.getByText(/Please try again later/).count()).toBe(0);
    expect(await page.title()).toBe('Page Not Found - Maya');
  });

  test('a signed-out visitor never asks for a token refresh; a signed-in one is restored on reload', async ({
    page,
    baseUrl,
  }) => {
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/auth/refresh_token') refreshes.push(response.status());
    });
    const signIn = new SignInPage(page);
    await signIn.goto();
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send email' }).waitFor();
    expect(refreshes).toEqual([]);

    const email = uniqueEmail('restored');
    const token = await createVerifiedUser(baseUrl, email);
    const organization = await createOrganization(baseUrl, token, 'Restored Co');
    await signInBrowser(page, email);
    await page.goto(`/organization/${organization.slug}/sources`);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/organization/${organization.slug}/sources`);
    expect(refreshes.length).toBeGreaterThan(0);
    expect(refreshes.every((status) => status === 200)).toBe(true);
  });

  test("a rate-limited sign-in shows the server's own words", async ({ page, baseUrl }) => {
    const email = uniqueEmail('throttled');
    await createVerifiedUser(baseUrl, email);
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.emailField.fill(email);
    // Five wrong passwords are free (the login throttle); the sixth is refused for a while.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await signIn.passwordField.fill(`wrong password ${attempt}`);
      await Promise.all([loginAnswer(page), signIn.signInButton.click()]);
      await page.getByText('Incorrect credentials').waitFor();
    }
    await signIn.passwordField.fill('wrong password 6');
    await Promise.all([loginAnswer(page), signIn.signInButton.click()]);
    await page.getByText(/^Too many attempts\. Please try again in \d+ minutes?\.$/).waitFor();
    expect(await page.getByText('Something went wrong').count()).toBe(0);
  });
});
