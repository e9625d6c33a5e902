import type { Page } from 'playwright-core';

/** The sandbox provider's consent page (Google, Microsoft or Facebook): pick or type an account, Allow or Deny. */
export class ProviderConsentPage {
  constructor(private readonly page: Page) {}

  /** `name`: the account's display name; `unverified`: Google does not vouch for the e-mail. */
  async allowAs(email: string, options: { name?: string; unverified?: boolean } = {}): Promise<void> {
    await this.page.getByRole('heading', { name: /Sign in with (Google|Microsoft|Facebook)/ }).waitFor();
    await this.page.getByLabel('Use another account').check();
    await this.page.getByRole('textbox', { name: 'Email' }).fill(email);
    if (options.name !== undefined) await this.page.getByRole('textbox', { name: 'Name' }).fill(options.name);
    if (options.unverified === true) await this.page.getByLabel('Email verified').uncheck();
    await this.page.getByRole('button', { name: 'Allow' }).click();
  }

  async deny(): Promise<void> {
    await this.page.getByRole('heading', { name: /Sign in with (Google|Microsoft|Facebook)/ }).waitFor();
    await this.page.getByRole('button', { name: 'Deny' }).click();
  }
}
