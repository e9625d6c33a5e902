import type { Page } from 'playwright-core';

/** The sandbox provider's consent page (Google or Microsoft): pick or type an account, Allow or Deny. */
export class ProviderConsentPage {
  constructor(private readonly page: Page) {}

  async allowAs(email: string): Promise<void> {
    await this.page.getByRole('heading', { name: /Sign in with (Google|Microsoft)/ }).waitFor();
    await this.page.getByLabel('Use another account').check();
    await this.page.getByRole('textbox', { name: 'Email' }).fill(email);
    await this.page.getByRole('button', { name: 'Allow' }).click();
  }

  async deny(): Promise<void> {
    await this.page.getByRole('heading', { name: /Sign in with (Google|Microsoft)/ }).waitFor();
    await this.page.getByRole('button', { name: 'Deny' }).click();
  }
}
