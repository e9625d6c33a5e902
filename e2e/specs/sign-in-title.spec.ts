import { describe, expect } from 'vitest';
import { SignInPage } from '../pages/SignInPage';
import { test } from '../support/browser';

describe('the sign-in page', () => {
  test('is titled "Sign In - Maya" and shows the email and password form', async ({ page }) => {
    const signIn = new SignInPage(page);

    await signIn.goto();

    // The title is set once the route's page has rendered: wait for it, then compare.
    await expect.poll(() => signIn.title()).toBe(SignInPage.TITLE);
    expect(await signIn.emailField.getAttribute('type')).toBe('email');
    expect(await signIn.passwordField.getAttribute('type')).toBe('password');
    expect(await signIn.signInButton.isEnabled()).toBe(true);
  });
});
