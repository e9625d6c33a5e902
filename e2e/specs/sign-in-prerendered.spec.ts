import { describe, expect } from 'vitest';
import { SignInPage } from '../pages/SignInPage';
import { createVerifiedUser, PASSWORD, uniqueEmail } from '../support/api';
import { test } from '../support/browser';

/**
 * The sign-in page arrives drawn (decision 815): the build renders it into HTML, the server sends
 * that HTML to a browser with no sign of a session, and the app's script takes it over.
 */
async function html(baseUrl: string, path: string, cookie?: string) {
  const answer = await fetch(`${baseUrl}${path}`, {
    headers: { accept: 'text/html', ...(cookie === undefined ? {} : { cookie }) },
  });
  return { body: await answer.text(), vary: answer.headers.get('vary') ?? '' };
}

const DRAWN = 'data-prerendered="/sign-in"';

describe('the sign-in page drawn at build time', () => {
  test('is sent drawn to a visitor with no session, and as the app to anyone else', async ({ baseUrl }) => {
    const drawn = await html(baseUrl, '/sign-in?next=%2Fx');
    expect(drawn.body).toContain(DRAWN);
    expect(drawn.body).toContain('Sign in to your account');
    expect(drawn.body).toContain('<title>Sign In - Maya</title>');
    expect(drawn.vary).toMatch(/cookie/i);
    // A browser that may be signed in gets the app, which sends it on once its session is known.
    for (const cookie of ['user_id=42', 'maya_session=1']) {
      expect((await html(baseUrl, '/sign-in', cookie)).body).not.toContain('data-prerendered');
    }
    expect((await html(baseUrl, '/sign-up')).body).not.toContain('data-prerendered');
  });

  test('shows the form before any script runs, and cannot be submitted natively', async ({
    browser,
    baseUrl,
  }) => {
    const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(SignInPage.PATH);
      const signIn = new SignInPage(page);
      await expect.poll(() => signIn.title()).toBe(SignInPage.TITLE);
      await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
      expect(await signIn.signInButton.isDisabled()).toBe(true);
      // Without the app a submission would put the fields in the address, password included.
      await signIn.emailField.fill('someone@example.com');
      await signIn.passwordField.fill('typed before the app');
      await signIn.passwordField.press('Enter');
      expect(new URL(page.url()).search).toBe('');
      expect(await signIn.passwordField.inputValue()).toBe('typed before the app');
    } finally {
      await context.close();
    }
  });

  test('carries its styles, and the app goes on from it to the next page', async ({ page }) => {
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.css')) stylesheets.push(new URL(request.url()).pathname);
    });
    const signIn = new SignInPage(page);
    await signIn.goto();
    // Its stylesheets are written into the page: the first paint waits for no other file.
    expect(stylesheets).toEqual([]);
    // Styled: Mantine's `md` button is 42 px tall, an unstyled one about half that.
    expect((await signIn.signInButton.boundingBox())?.height).toBeGreaterThan(36);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).waitFor();
  });

  test('a reload keeps the notice the page was handed, without a hydration error', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const signIn = new SignInPage(page);
    await signIn.goto();
    // What the app hands the page when a provider refuses a sign-in (React Router keeps a
    // navigation's state in the history entry, which a reload keeps).
    const notice = 'Google did not let you sign in.';
    await page.evaluate((message) => {
      const { history } = globalThis as unknown as {
        history: { replaceState(state: unknown, title: string): void };
      };
      history.replaceState({ usr: { notice: { kind: 'error', message } }, key: 'notice', idx: 0 }, '');
    }, notice);
    await page.reload();
    await signIn.waitUntilShown();
    await page.getByRole('alert').getByText(notice).waitFor();
    expect(problems).toEqual([]);
  });

  test('keeps what was typed before the app took over, and signs in with it', async ({ page, baseUrl }) => {
    const email = uniqueEmail('drawn-sign-in');
    await createVerifiedUser(baseUrl, email);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // The app's entry script is held until the visitor has typed.
    let typed: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (typed = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const signIn = new SignInPage(page);
    const loading = page.goto(SignInPage.PATH);
    await signIn.passwordField.waitFor();
    await signIn.emailField.fill(email);
    await signIn.passwordField.fill(PASSWORD);
    typed();
    await loading;
    await signIn.waitUntilShown();
    expect(await signIn.emailField.inputValue()).toBe(email);
    await signIn.signInButton.click();
    await page.waitForURL(/\/create-organization$/);
    // React took the drawn markup over as it was: no hydration mismatch, nothing thrown.
    expect(problems).toEqual([]);
  });
});
