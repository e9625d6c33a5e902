import type { Locator, Page } from 'playwright-core';
import { mailLink } from '../support/api';

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

  /**
   * The whole sign-up of a new user by e-mail: the three steps, then the verification link from
   * the mailbox, which lands on /create-organization.
   */
  async signUpAndVerify(
    baseUrl: string,
    details: { firstName: string; lastName: string; email: string; password: string; company: string },
  ): Promise<void> {
    await this.goto();
    await this.accountStep(details);
    await this.companyStep({ company: details.company, position: 'CEO' });
    await this.termsStep();
    await this.page.waitForURL(/\/verify-email\?/);
    await this.page.goto(await mailLink(baseUrl, details.email, /Verify your e-mail/));
    await this.page.waitForURL(/\/create-organization$/);
  }

  /** /create-organization: names the first organization and continues. */
  async createOrganization(name: string): Promise<void> {
    await this.page.getByLabel('Organization name').fill(name);
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }
}
