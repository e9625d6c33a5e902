import { describe, expect } from 'vitest';
import { NotFoundPage } from '../pages/NotFoundPage';
import { SignInPage } from '../pages/SignInPage';
import { test } from '../support/browser';
import { pathOf, recordPaths } from '../support/navigation';

describe('an unknown address', () => {
  test('a page path is served as the SPA, which shows the not-found message', async ({ page }) => {
    const notFound = new NotFoundPage(page);

    const response = await notFound.goto('/this/does/not-exist');

    expect(response?.status()).toBe(200);
    expect(await response?.headerValue('content-type')).toMatch(/^text\/html/);
    expect(await notFound.message.textContent()).toBe(NotFoundPage.MESSAGE);
    expect(await notFound.goHomeButton.isVisible()).toBe(true);
  });

  test('an API path answers 404 with the not_found error envelope', async ({ page }) => {
    const response = await page.request.get('/api/this-does-not-exist');

    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ detail: { type: 'not_found' } });
  });

  test('"Go Home" goes to /, which sends a visitor who is not signed in to /sign-in', async ({ page }) => {
    const notFound = new NotFoundPage(page);
    const signIn = new SignInPage(page);
    await notFound.goto('/this/does/not-exist');
    const paths = recordPaths(page);

    await notFound.goHome();
    await page.waitForURL((url) => url.pathname === SignInPage.PATH);
    await signIn.waitUntilShown();

    expect(paths).toContain('/');
    expect(paths.indexOf('/')).toBeLessThan(paths.lastIndexOf(SignInPage.PATH));
    expect(pathOf(page)).toBe(SignInPage.PATH);
  });
});
