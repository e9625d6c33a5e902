import type { Locator, Page } from 'playwright-core';

/** The PageSpeed URL editor (spec 001 §2 PageSpeed): its rows, Add URL, Save and the run's status. */
export class PagespeedPage {
  constructor(
    private readonly page: Page,
    private readonly organizationSlug: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`/organization/${this.organizationSlug}/pagespeed`);
    await this.page.getByRole('heading', { name: 'PageSpeed', level: 1 }).waitFor();
    await this.page.getByRole('button', { name: /^(Save|Saved)$/ }).waitFor();
  }

  url(n: number): Locator {
    return this.page.getByRole('textbox', { name: `URL ${n}`, exact: true });
  }

  /** A new row, with `text` typed in it. */
  async add(text: string): Promise<void> {
    const count = await this.page.getByRole('textbox', { name: /^URL \d+$/ }).count();
    await this.page.getByRole('button', { name: 'Add URL' }).click();
    if (text !== '') await this.url(count + 1).fill(text);
  }

  async replace(n: number, text: string): Promise<void> {
    await this.url(n).fill(text);
  }

  async remove(n: number): Promise<void> {
    await this.page.getByRole('button', { name: `Remove URL ${n}`, exact: true }).click();
  }

  saveButton(): Locator {
    return this.page.getByRole('button', { name: /^(Save|Saved)$/ });
  }

  /** How many times `message` shows on the page. */
  messageCount(message: string): Promise<number> {
    return this.page.getByText(message, { exact: true }).count();
  }

  /** Waits for the last run to end and answers its status line. */
  async runFinished(): Promise<string> {
    const line = this.page.getByText(/^Last measured on \d{2}\/\d{2}\/\d{4}:/);
    await line.waitFor({ timeout: 120_000 });
    return line.innerText();
  }
}
