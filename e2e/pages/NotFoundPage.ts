import type { Locator, Page, Response } from 'playwright-core';

/** The 404 page the SPA renders for any path it does not know (spec 001 §2 "404 page"). */
export class NotFoundPage {
  static readonly MESSAGE = 'We could not find the page you are looking for.';

  readonly message: Locator;
  readonly goHomeButton: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.message = page.getByText(NotFoundPage.MESSAGE, { exact: true });
    this.goHomeButton = page.getByRole('button', { name: 'Go Home', exact: true });
  }

  /** Opens `path` and answers the document's response (null only for a same-document navigation). */
  async goto(path: string): Promise<Response | null> {
    const response = await this.page.goto(path);
    await this.message.waitFor();
    return response;
  }

  async goHome(): Promise<void> {
    await this.goHomeButton.click();
  }
}
