import type { Page } from 'playwright-core';

/** The Data Load page (spec 002 Data load): Load data now, progress, loaded data and history. */
export class DataLoadPage {
  constructor(
    private readonly page: Page,
    private readonly organizationSlug: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`/organization/${this.organizationSlug}/data-load`);
    await this.page.getByRole('heading', { name: 'Data Load', level: 1 }).waitFor();
  }

  /** Presses Load data now; the click waits until it is enabled (no run is running). */
  async loadNow(): Promise<void> {
    await this.page.getByRole('button', { name: 'Load data now' }).click({ timeout: 120_000 });
  }

  /**
   * Presses Load data now and waits for that run to end: one more run of `status` in the
   * history, the progress at 100% and the button enabled again.
   */
  async loadNowUntil(status: 'Finished' | 'Failed', timeoutMs = 120_000): Promise<void> {
    const runs = this.historyRows(status);
    // Counted once the history has arrived: counted before, an earlier run (an account's first
    // load) would pass for the new one.
    await this.page
      .getByText(/^Total run time:/)
      .or(this.page.getByText('No data has been loaded yet.'))
      .first()
      .waitFor();
    const before = await runs.count();
    await this.loadNow();
    const deadline = Date.now() + timeoutMs;
    while ((await runs.count()) <= before) {
      if (Date.now() > deadline) throw new Error(`no new ${status} run in the history`);
      await this.page.waitForTimeout(250);
    }
    await this.page.getByText('100%', { exact: true }).waitFor();
    await this.page
      .getByRole('button', { name: 'Load data now' })
      .and(this.page.locator(':enabled'))
      .waitFor();
  }

  /** The history's runs of one status ('Finished', 'Failed'), as rows. */
  historyRows(status: 'Finished' | 'Failed') {
    return this.page.getByRole('region').getByRole('row').filter({ hasText: status });
  }

  /** The history's entry of an account's first load ('Google Ads', 'Acme Outdoor Germany'). */
  firstLoadRow(serviceName: string, account: string) {
    return this.page
      .getByRole('region')
      .getByRole('row')
      .filter({ hasText: `First load of ${serviceName}: ${account}` });
  }

  /** The Loaded data table's row of one table ('Marketing performance'). */
  loadedRow(label: string) {
    return this.page.getByRole('table', { name: 'Loaded data' }).getByRole('row').filter({ hasText: label });
  }
}
