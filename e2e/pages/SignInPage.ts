import type { Locator, Page } from 'playwright-core';

/** /sign-in (spec 000 §2 Sign-in): the email and password form. */
export class SignInPage {
  static readonly PATH = '/sign-in';
  static readonly TITLE = 'Sign In - Maya';

  readonly emailField: Locator;
  readonly passwordField: Locator;
  readonly signInButton: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.emailField = page.getByLabel('Email', { exact: true });
    this.passwordField = page.getByLabel('Password', { exact: true });
    this.signInButton = page.getByRole('button', { name: 'Sign in', exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto(SignInPage.PATH);
    await this.waitUntilShown();
  }

  /**
   * Resolves once the form is on screen and the app has taken it over (also after a redirect to
   * this page): the page arrives drawn, its Sign in button disabled until then (decision 815).
   */
  async waitUntilShown(): Promise<void> {
    await Promise.all([this.emailField.waitFor(), this.passwordField.waitFor()]);
    await this.signInButton.click({ trial: true });
  }

  title(): Promise<string> {
    return this.page.title();
  }
}
