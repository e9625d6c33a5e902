import type { Locator, Page } from 'playwright-core';

/** The dashboard of an organization whose first data has not loaded yet (decision 172). */
export class FirstLoadPanel {
  static readonly NO_SOURCE_TITLE = 'Connect your first data source';

  readonly noSourceTitle: Locator;
  readonly connectSource: Locator;

  constructor(page: Page) {
    this.noSourceTitle = page.getByRole('heading', { name: FirstLoadPanel.NO_SOURCE_TITLE, level: 1 });
    this.connectSource = page.getByRole('link', { name: 'Connect a data source' });
  }
}
