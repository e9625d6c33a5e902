import type { Page } from 'playwright-core';
import { ProviderConsentPage } from './ProviderConsentPage';

/** The sources list, the add-source page and the account selection (spec 001 §2). */
export class SourcesPages {
  constructor(
    private readonly page: Page,
    private readonly organizationSlug: string,
  ) {}

  async openList(): Promise<void> {
    await this.page.goto(`/organization/${this.organizationSlug}/sources`);
    await this.page.getByRole('heading', { name: 'Sources' }).waitFor();
  }

  async openAdd(): Promise<void> {
    await this.page.goto(`/organization/${this.organizationSlug}/sources/add`);
    await this.page.getByRole('heading', { name: 'Add source' }).waitFor();
  }

  /** Clicks a service card on the add-source page. */
  async choose(serviceName: string): Promise<void> {
    await this.page
      .getByRole('button', { name: serviceName, exact: true })
      .or(this.page.getByRole('link', { name: serviceName, exact: true }))
      .click();
  }

  accountCheckbox(name: string) {
    return this.page.getByRole('checkbox', { name, exact: true });
  }

  async connect(): Promise<void> {
    await this.page.getByRole('button', { name: 'Connect' }).click();
  }

  /** Expands a service's row on the sources list to show its accounts. */
  async expand(serviceName: string): Promise<void> {
    const toggle = this.page.getByRole('button', { name: new RegExp(`^${serviceName}, `) });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }

  /** An account's row on the sources list (its service expanded). */
  accountRow(name: string) {
    return this.page.getByRole('row').filter({ hasText: name });
  }

  /**
   * Connects sandbox accounts of an OAuth service (its card's name: 'Google Ads', 'Meta Ads') as
   * `email`: the card, the provider's consent, the accounts ticked, Connect, and the sources
   * list's 'connected succesfully.' toast.
   */
  async connectAccounts(serviceName: string, email: string, accounts: readonly string[]): Promise<void> {
    await this.openAdd();
    await this.choose(serviceName);
    await new ProviderConsentPage(this.page).allowAs(email);
    for (const account of accounts) await this.accountCheckbox(account).check();
    await this.connect();
    await this.page.getByText(`${serviceName} connected succesfully.`).waitFor();
  }

  /**
   * Connects one sandbox Google Ads account as `email` (consent at the sandbox included) and
   * waits until its first load has finished, as the sources list shows it.
   */
  async connectGoogleAdsAndLoad(email: string, account: string, timeoutMs: number): Promise<void> {
    await this.connectAccounts('Google Ads', email, [account]);
    await this.expand('Google Ads');
    await this.accountRow(account).getByText('Finished').first().waitFor({ timeout: timeoutMs });
  }

  /**
   * Connects one sandbox Search Console property as `email` (its checkbox's name: `example.com`
   * for `sc-domain:example.com`) and waits until its first load has finished, as the list shows it.
   */
  async connectSearchConsoleAndLoad(email: string, property: string, timeoutMs: number): Promise<void> {
    await this.connectAccounts('Google Search Console', email, [property]);
    await this.expand('Google Search Console');
    await this.accountRow(property).getByText('Finished').first().waitFor({ timeout: timeoutMs });
  }

  /**
   * The account's whole history is in: its recent days first, then the backfill behind them
   * (decision 660), whose "Backfilling history: n%" line the list shows until it ends.
   */
  async historyComplete(account: string, timeoutMs: number): Promise<void> {
    const row = this.accountRow(account);
    await row.getByText('Finished').first().waitFor({ timeout: timeoutMs });
    await row.getByText(/Backfilling history/).waitFor({ state: 'detached', timeout: timeoutMs });
  }
}
