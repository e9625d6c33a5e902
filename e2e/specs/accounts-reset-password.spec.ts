import { describe, expect } from 'vitest';
import { SignInPage } from '../pages/SignInPage';
import { createVerifiedUser, mailLink, uniqueEmail } from '../support/api';
import { test } from '../support/browser';

describe('a forgotten password', () => {
  test('is reset from the e-mailed link, and the new one signs in', async ({ page, baseUrl }) => {
    const email = uniqueEmail('forgetful');
    await createVerifiedUser(baseUrl, email);

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send email' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    const link = new URL(await mailLink(baseUrl, email, /Reset your password/));
    expect(link.pathname).toBe('/reset-password');
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password').fill('a fresh secret 2026');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Password reset' }).waitFor();

    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.emailField.fill(email);
    await signIn.passwordField.fill('a fresh secret 2026');
    await signIn.signInButton.click();
    await page.waitForURL(/\/create-organization$/);
  });

  test('a used link, opened again, offers a new one at once; the new one arrives', async ({
    page,
    baseUrl,
  }) => {
    const email = uniqueEmail('reused-link');
    await createVerifiedUser(baseUrl, email);
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send email' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    const link = new URL(await mailLink(baseUrl, email, /Reset your password/));
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password').fill('used once 2026');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Password reset' }).waitFor();

    // Opened again: no form that cannot work, before anything is typed.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Could not reset password' }).waitFor();
    expect(await page.getByLabel('New password').count()).toBe(0);
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await expect
      .poll(async () => new URL(await mailLink(baseUrl, email, /Reset your password/)).href)
      .not.toBe(link.href);
  });

  test('a reset address without id and email says Wrong url', async ({ page }) => {
    await page.goto('/reset-password');
    await page.getByText('Wrong url').waitFor();
  });
});
