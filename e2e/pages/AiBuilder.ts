import type { Locator, Page } from 'playwright-core';

/** Generating a bookmark reads the organization's data: generous on a busy machine. */
const GENERATE_TIMEOUT_MS = 60_000;

/** The AI Builder bubble of a dashboard (spec 002 §2, §4): a prompt becomes a bookmark, applied at once. */
export class AiBuilder {
  constructor(private readonly page: Page) {}

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'AI Builder' });
  }

  async open(): Promise<void> {
    await this.page.getByRole('button', { name: 'Open the AI Builder' }).click();
    await this.dialog().waitFor();
  }

  async close(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Close the AI Builder' }).click();
    await this.dialog().waitFor({ state: 'detached' });
  }

  /** Sends a prompt and waits for the generation to end (`data-status` success or error). */
  async send(prompt: string): Promise<void> {
    const dialog = this.dialog();
    await dialog.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog
      .and(this.page.locator('[data-status="success"], [data-status="error"]'))
      .waitFor({ timeout: GENERATE_TIMEOUT_MS });
  }

  /** Sends a prompt that must succeed; an error fails with what the chat says. */
  async ask(prompt: string): Promise<void> {
    await this.send(prompt);
    const dialog = this.dialog();
    if ((await dialog.getAttribute('data-status')) !== 'success') {
      throw new Error(`the AI Builder failed: ${await dialog.innerText()}`);
    }
  }

  /** A message of the conversation, by its text. */
  message(text: string | RegExp): Locator {
    return this.dialog().getByText(text);
  }
}
