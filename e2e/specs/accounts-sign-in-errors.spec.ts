import { describe, expect } from 'vitest';
import { SignInPage } from '../pages/SignInPage';
import { createVerifiedUser, PASSWORD, uniqueEmail } from '../support/api';
import { test } from '../support/browser';

describe('sign-in refusals', () => {
  test('each wrong input shows its message', async ({ page, baseUrl }) => {
    const email = uniqueEmail('known');
    await createVerifiedUser(baseUrl, email);
    const signIn = new SignInPage(page);
    await signIn.goto();

    await signIn.signInButton.click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Please enter a valid password').waitFor();

    await signIn.emailField.fill('not-an-email');
    await signIn.passwordField.fill('whatever');
    await signIn.signInButton.click();
    await page.getByText('Please enter a valid email address').waitFor();

    await signIn.emailField.fill(email);
    await signIn.passwordField.fill('not the password');
    await signIn.signInButton.click();
    await page.getByText('Incorrect credentials').waitFor();

    await signIn.passwordField.fill(PASSWORD);
    await signIn.signInButton.click();
    await page.waitForURL(/\/create-organization$/);
  });

  test('an unverified account is sent to verify its e-mail', async ({ page, baseUrl }) => {
    const email = uniqueEmail('unverified');
    await fetch(`${baseUrl}/api/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: PASSWORD,
        first_name: 'Un',
        last_name: 'Verified',
        company_name: 'Acme',
        company_position: 'CEO',
      }),
    });
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.emailField.fill(email);
    await signIn.passwordField.fill(PASSWORD);
    await signIn.signInButton.click();
    await page.waitForURL(/\/verify-email\?/);
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);
  });
});
