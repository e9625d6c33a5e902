import type { Locator, Page } from 'playwright-core';

/** The competition reports (spec 001 §2 Competitors): the list and the editor. */
export class CompetitorsPages {
  constructor(
    private readonly page: Page,
    private readonly organizationSlug: string,
  ) {}

  async openList(): Promise<void> {
    await this.page.goto(`/organization/${this.organizationSlug}/competitors`);
    await this.page.getByRole('heading', { name: 'Competitors', level: 1 }).waitFor();
  }

  async openEditor(id: string): Promise<void> {
    await this.page.goto(`/organization/${this.organizationSlug}/competitors/${id}`);
  }

  async addReport(): Promise<void> {
    await this.page.getByRole('link', { name: 'Add report' }).click();
    await this.page.getByRole('heading', { name: 'New competition report', level: 1 }).waitFor();
  }

  field(label: string): Locator {
    return this.page.getByRole('combobox', { name: label, exact: true });
  }

  async choose(label: string, option: string): Promise<void> {
    await this.field(label).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await this.page.getByRole('option', { name: option, exact: true }).waitFor({ state: 'hidden' });
  }

  saveButton(): Locator {
    return this.page.getByRole('button', { name: /^(Save|Saved)$/ });
  }

  /** Waits until the report has been computed and answers the status line. */
  async computed(timeoutMs = 180_000): Promise<string> {
    const status = this.page.getByText(/^(Computed for|The computation failed)/);
    await status.waitFor({ timeout: timeoutMs });
    return status.innerText();
  }
}
