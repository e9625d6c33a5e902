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
/** The built-in reports' display names; slugs stay in URLs (decision 173). */
export const BUILT_IN_NAMES: Readonly<Record<string, string>> = {
  '-maya': 'Marketing Performance',
  '-seo-v1': 'SEO',
  '-demo': 'Demo',
  '-custom-tables': 'Custom tables',
  '-pagespeed': 'PageSpeed',
};

export class DashboardPage {
  constructor(
    private readonly page: Page,
    private readonly organizationSlug: string,
  ) {}

  path(reportSlug: string, rest = ''): string {
    return `/organization/${this.organizationSlug}/dashboard/${reportSlug}${rest}`;
  }

  /** Opens `dashboard/{reportSlug}{rest}` and waits for the report's title, its display name. */
  async open(reportSlug: string, rest = ''): Promise<void> {
    await this.page.goto(this.path(reportSlug, rest), { timeout: VISUALS_TIMEOUT_MS });
    await this.title(BUILT_IN_NAMES[reportSlug] ?? reportSlug).waitFor({ timeout: VISUALS_TIMEOUT_MS });
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

  /** Waits until the report shows page `name` (a bookmark's page is applied as the view renders). */
  async waitForPage(name: string): Promise<void> {
    await this.toolbar.getByRole('button', { name: `Pages: ${name}`, exact: true }).waitFor();
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
    await this.tickValues(column, values, true);
  }

  /** Unticks values of a Basic (list) filter ticked before; each applies at once. */
  async untickValues(column: string, values: readonly string[]): Promise<void> {
    await this.tickValues(column, values, false);
  }

  private async tickValues(column: string, values: readonly string[], checked: boolean): Promise<void> {
    await this.toggleCard(column, true);
    for (const value of values) {
      // The tick shows once the view in the address changed (a transition), not on the click itself.
      const box = (state: boolean) =>
        this.filtersPane().getByRole('checkbox', { name: value, exact: true, checked: state });
      await box(!checked).click({ timeout: VISUALS_TIMEOUT_MS });
      await box(checked).waitFor();
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

  /** Waits until every visual of the page answered (none left loading), not only the first. */
  async waitForAllVisuals(): Promise<void> {
    await this.page.getByRole('region').first().waitFor({ timeout: VISUALS_TIMEOUT_MS });
    // One after another: a visual that answered is gone from the list, the next is waited for.
    const loading = this.page.getByLabel('Loading visual');
    while ((await loading.count()) > 0) {
      await loading.first().waitFor({ state: 'detached', timeout: VISUALS_TIMEOUT_MS });
    }
  }

  /** The names of the report's pages, as its Pages menu lists them. */
  async pageNames(): Promise<string[]> {
    await this.toolbar.getByRole('button', { name: /^Pages: / }).click();
    const items = this.page.getByRole('menu').getByRole('menuitem');
    await items.first().waitFor();
    const names = (await items.allInnerTexts()).map((name) => name.trim());
    await this.page.keyboard.press('Escape');
    await this.page.getByRole('menu').waitFor({ state: 'detached' });
    return names;
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

  /**
   * A KPI card's value in full, as its tooltip gives it ('$12,345.67'; the card shows it
   * rounded: '$12,346'), and the days it covers, as its change's tooltip names them
   * ('01/11/2026–30/11/2026 compared with …'), as ISO dates.
   */
  async kpiInFull(label: string): Promise<{ value: string; from: string; to: string }> {
    await this.kpiText(label);
    const card = this.kpi(label);
    const compared = (await card.getByTitle(/ compared with /).getAttribute('title')) ?? '';
    const days = /^(\d{2})\/(\d{2})\/(\d{4})(?:–(\d{2})\/(\d{2})\/(\d{4}))? compared with /.exec(compared);
    if (days === null) throw new Error(`the ${label} card does not name its days: "${compared}"`);
    const [, d1, m1, y1, d2 = d1, m2 = m1, y2 = y1] = days;
    const value = await this.kpiValue(label);
    return { value, from: `${y1}-${m1}-${d1}`, to: `${y2}-${m2}-${d2}` };
  }

  /** A KPI card's value in full, as its tooltip gives it ('$12,345.67'), once answered. */
  async kpiValue(label: string): Promise<string> {
    await this.kpiText(label);
    // The value's tooltip is the amount alone: a currency sign, digits and separators.
    return (
      (await this.kpi(label)
        .getByTitle(/^\D{0,3}[\d,]+(\.\d+)?$/)
        .first()
        .getAttribute('title')) ?? ''
    );
  }

  /** The page's visuals: each is a region named for its title. */
  visuals(): Locator {
    return this.page.getByRole('region');
  }

  /** The errors visuals show ('Something went wrong: …'). */
  /**
   * Shows the page's first chart as the table of its data (issue 23), with the keyboard: its
   * "Show as table" toggle focused and pressed with Enter. Answers the table.
   */
  async showFirstChartAsTable(): Promise<Locator> {
    const toggle = this.page.getByRole('button', { name: 'Show as table' }).first();
    await toggle.focus();
    await this.page.keyboard.press('Enter');
    await this.page.getByRole('button', { name: 'Show as table', pressed: true }).first().waitFor();
    return this.page.getByRole('table', { name: /, as a table$/ }).first();
  }

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

  /**
   * Save bookmark → name → Save → 'Are you sure you want to save this bookmark?' → Confirm; then
   * waits until the dialog is gone (its closing gives the
   * focus back to the toolbar, which closes a menu opened meanwhile) and the app shows the
   * bookmark's address.
   */
  async saveBookmark(name: string): Promise<void> {
    const before = new URL(this.page.url()).pathname;
    await this.bookmarks.getByRole('button', { name: 'Save bookmark' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Save bookmark' });
    await dialog.getByRole('textbox', { name: 'Bookmark name' }).fill(name);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await this.page
      .getByRole('dialog', { name: 'Save bookmark' })
      .filter({ hasText: 'Are you sure you want to save this bookmark?' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    // Both dialogs close, the confirmation over the name's: until neither is left (while both
    // close, the name matches two, which a plain wait refuses as ambiguous).
    await dialog.first().waitFor({ state: 'detached' });
    await this.page.waitForURL((url) => url.pathname !== before);
    await this.activeBookmark(name).waitFor();
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
