import type { Locator, Page } from 'playwright-core';

/** How long a dashboard's visuals may take to answer: DuckDB queries on a busy two-core machine. */
const VISUALS_TIMEOUT_MS = 60_000;

/** What a dashboard shows, read for comparing two openings of the same view. */
export type DashboardView = {
  page: string;
  filters: Record<string, string>;
  kpis: Record<string, string>;
};

/**
 * A report's dashboard (spec 002 §2): the toolbar (Pages, Reset, Filters), the filters pane with
 * its cards, the KPI cards, the bookmark toolbar, save-as, and the sidebar's reports sections.
 */
export class DashboardPage {
  constructor(
    private readonly page: Page,
    private readonly organizationSlug: string,
  ) {}

  path(reportSlug: string, rest = ''): string {
    return `/organization/${this.organizationSlug}/dashboard/${reportSlug}${rest}`;
  }

  /** Opens `dashboard/{reportSlug}{rest}` and waits for the report's title ('-maya' reads 'maya'). */
  async open(reportSlug: string, rest = ''): Promise<void> {
    await this.page.goto(this.path(reportSlug, rest));
    await this.title(reportSlug.replace(/^-/, '')).waitFor({ timeout: VISUALS_TIMEOUT_MS });
  }

  title(name: string): Locator {
    return this.page.getByRole('heading', { name, exact: true, level: 1 });
  }

  private get toolbar(): Locator {
    return this.page.getByRole('toolbar', { name: 'Report toolbar' });
  }

  /** The Filters button; its name carries the badge ('Filters 2 changed'). */
  filtersButton(): Locator {
    return this.toolbar.getByRole('button', { name: /^Filters/ });
  }

  /** The Filters button with its badge: how many filters differ from the report's own. */
  changedFilters(count: number): Locator {
    return this.toolbar.getByRole('button', { name: new RegExp(`^Filters\\s*${count} changed$`) });
  }

  resetButton(): Locator {
    return this.toolbar.getByRole('button', { name: 'Reset', exact: true });
  }

  /** The page the Pages menu shows as open. */
  async currentPage(): Promise<string> {
    const label = await this.toolbar.getByRole('button', { name: /^Pages: / }).getAttribute('aria-label');
    return (label ?? '').replace(/^Pages: /, '');
  }

  async choosePage(name: string): Promise<void> {
    await this.toolbar.getByRole('button', { name: /^Pages: / }).click();
    await this.page.getByRole('menuitem', { name, exact: true }).click();
    await this.toolbar.getByRole('button', { name: `Pages: ${name}`, exact: true }).waitFor();
  }

  // --- The filters pane ---

  filtersPane(): Locator {
    return this.page.getByRole('complementary', { name: 'Filters' });
  }

  async openFilters(): Promise<void> {
    if (!(await this.filtersPane().isVisible())) await this.filtersButton().click();
    await this.filtersPane().waitFor();
  }

  async closeFilters(): Promise<void> {
    if (await this.filtersPane().isVisible()) {
      await this.filtersPane().getByRole('button', { name: 'Close filters' }).click();
      await this.filtersPane().waitFor({ state: 'detached' });
    }
  }

  /** A filter's card header (its column and summary): a button that opens its editor. */
  private filterCard(column: string): Locator {
    return this.filtersPane().getByRole('button', { name: new RegExp(`^${column}\\b`) });
  }

  private async toggleCard(column: string, expanded: boolean): Promise<void> {
    const card = this.filterCard(column);
    if ((await card.getAttribute('aria-expanded')) !== String(expanded)) await card.click();
    await this.filtersPane()
      .getByRole('button', { name: new RegExp(`^${column}\\b`), expanded })
      .waitFor();
  }

  /** What a filter's card says under its column ('All', 'Google Ads', 'In the last 30 days'). */
  async filterSummary(column: string): Promise<string> {
    // Its column, then its summary: two paragraphs.
    const lines = (await this.filterCard(column).innerText()).split('\n').filter((l) => l.trim() !== '');
    return lines[1]?.trim() ?? '';
  }

  /** Waits until a filter's card reads `summary`. */
  async waitForFilterSummary(column: string, summary: string): Promise<void> {
    await this.filtersPane()
      .getByRole('button', { name: new RegExp(`^${column}\\b`) })
      .filter({ hasText: summary })
      .waitFor();
  }

  /** Ticks the values of a Basic (list) filter; a tick applies at once. */
  async includeValues(column: string, values: readonly string[]): Promise<void> {
    await this.toggleCard(column, true);
    for (const value of values) {
      // The tick shows once the view in the address changed (a transition), not on the click itself.
      await this.filtersPane().getByRole('checkbox', { name: value, exact: true, checked: false }).click();
      await this.filtersPane().getByRole('checkbox', { name: value, exact: true, checked: true }).waitFor();
    }
    await this.toggleCard(column, false);
  }

  /**
   * A date filter's Relative date editor (where a date card opens), as a user sets it: the
   * operator ('In the last'), the count and the unit ('Days') chosen, then Apply.
   */
  async setRelativeDate(column: string, operator: string, count: number, unit: string): Promise<void> {
    await this.toggleCard(column, true);
    const editor = await this.cardBody(column);
    await this.choose(editor, 'Show items when the value', operator);
    await editor.getByRole('textbox', { name: 'Count' }).fill(String(count));
    await this.choose(editor, 'Unit', unit);
    await editor.getByRole('button', { name: 'Apply', exact: true }).click();
    await this.toggleCard(column, false);
  }

  /** The opened body of a filter's card: the panel its header button controls. */
  private async cardBody(column: string): Promise<Locator> {
    const id = await this.filterCard(column).getAttribute('aria-controls');
    return this.page.locator(`[id="${id ?? ''}"]`);
  }

  /** Opens a select by its label and picks an option; the select then shows it. */
  private async choose(scope: Locator, label: string, option: string): Promise<void> {
    const select = scope.getByRole('combobox', { name: label, exact: true });
    await select.click();
    await scope.getByRole('option', { name: option, exact: true }).click();
    await scope.getByRole('option', { name: option, exact: true }).waitFor({ state: 'hidden' });
    const shown = await select.inputValue();
    if (shown !== option) throw new Error(`${label} shows "${shown}", not "${option}"`);
  }

  // --- The visuals ---

  /** A KPI card, by its measure's label ('Spend'). */
  kpi(label: string): Locator {
    return this.page.getByRole('region', { name: label, exact: true });
  }

  /**
   * Waits until no visual is loading or refreshing. Call it once the view on screen is the one
   * asked for (a filter's summary reads the new value): the queries of a change start with it.
   */
  async waitForVisuals(): Promise<void> {
    await this.page.getByRole('region').first().waitFor({ timeout: VISUALS_TIMEOUT_MS });
    await this.page
      .getByLabel('Loading visual')
      .first()
      .waitFor({ state: 'detached', timeout: VISUALS_TIMEOUT_MS });
  }

  /** A KPI card's text once answered: its label, value, change and freshness. */
  async kpiText(label: string): Promise<string> {
    const card = this.kpi(label);
    await card.waitFor({ timeout: VISUALS_TIMEOUT_MS });
    await card
      .getByLabel('Loading visual')
      .first()
      .waitFor({ state: 'detached', timeout: VISUALS_TIMEOUT_MS });
    return card.innerText();
  }

  /** The errors visuals show ('Something went wrong: …'). */
  visualErrors(): Locator {
    return this.page.getByRole('region').getByRole('alert');
  }

  /** The page, the summaries of `filters` and the texts of `kpis`, once every visual answered. */
  async view(filters: readonly string[], kpis: readonly string[]): Promise<DashboardView> {
    await this.waitForVisuals();
    await this.openFilters();
    const view: DashboardView = { page: await this.currentPage(), filters: {}, kpis: {} };
    for (const column of filters) view.filters[column] = await this.filterSummary(column);
    for (const label of kpis) view.kpis[label] = await this.kpiText(label);
    return view;
  }

  // --- Bookmarks ---

  private get bookmarks(): Locator {
    return this.page.getByRole('group', { name: 'Bookmarks' });
  }

  /** Save bookmark → name → Save → 'Are you sure you want to save this bookmark?' → Confirm. */
  async saveBookmark(name: string): Promise<void> {
    await this.bookmarks.getByRole('button', { name: 'Save bookmark' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Save bookmark' });
    await dialog.getByRole('textbox', { name: 'Bookmark name' }).fill(name);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await this.page
      .getByRole('dialog', { name: 'Save bookmark' })
      .filter({ hasText: 'Are you sure you want to save this bookmark?' })
      .getByRole('button', { name: 'Confirm' })
      .click();
  }

  /** The active bookmark's name in the bookmark toolbar. */
  activeBookmark(name: string): Locator {
    return this.bookmarks.getByText(name, { exact: true });
  }

  // --- Save as (edit mode) ---

  /** Save as → the report name → Save; the app then opens the new report. */
  async saveReportAs(name: string): Promise<void> {
    await this.toolbar.getByRole('button', { name: 'Save as' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Save report as' });
    await dialog.getByRole('textbox', { name: 'Report name' }).fill(name);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  // --- The sidebar ---

  /** A report's link in one of the sidebar's sections ('Reports', 'Custom Reports'). */
  sidebarReport(section: string, name: string): Locator {
    return this.page.getByRole('list', { name: section }).getByRole('link', { name, exact: true });
  }
}
