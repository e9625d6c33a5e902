import type { Locator, Page } from 'playwright-core';

/** /sign-up (spec 000 §2): three steps with a progress bar. */
export class SignUpPage {
  readonly continueButton: Locator;
  constructor(private readonly page: Page) {
    this.continueButton = page.getByRole('button', { name: 'Continue' });
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/sign-up${query}`);
    await this.page.getByLabel('First name').waitFor();
  }

  async accountStep(details: { firstName: string; lastName: string; email?: string; password: string }) {
    await this.page.getByLabel('First name').fill(details.firstName);
    await this.page.getByLabel('Last name').fill(details.lastName);
    if (details.email !== undefined) await this.page.getByLabel('Work email').fill(details.email);
    await this.page.getByLabel('Password', { exact: true }).fill(details.password);
    await this.continueButton.click();
  }

  async companyStep(details: { company: string; position: string }) {
    const company = this.page.getByLabel('Company name');
    await company.waitFor();
    await company.fill(details.company);
    // The field and its options list share the label: the field is the text box.
    const position = this.page.getByRole('textbox', { name: 'Position' });
    await position.click();
    await position.fill(details.position);
    await this.page.getByRole('option', { name: details.position, exact: true }).click();
    await this.continueButton.click();
  }

  async termsStep() {
    await this.page.getByLabel('I have read and agree to the Legal Terms & Conditions').check();
    await this.continueButton.click();
  }
}
