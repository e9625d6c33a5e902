import type { Locator, Page } from 'playwright-core';

/** How long a visual may take to answer: DuckDB queries on a busy two-core machine. */
const VISUALS_TIMEOUT_MS = 60_000;
/** VisualGrid.module.css: rows of 64 px, Mantine's md gap between cells. */
const ROW_PX = 64;
const GAP_PX = 16;

export type Layout = { x: number; y: number; w: number; h: number };

export type NewVisual = {
  chart: string;
  title: string;
  measures: readonly string[];
  /** A chart's axis. */
  axis?: string;
  /** A table's dimensions. */
  dimensions?: readonly string[];
};

/** Edit mode's report editor (issue 32): its toolbar, panels and the grid visuals move on. */
export class ReportEditor {
  constructor(private readonly page: Page) {}

  get toolbar(): Locator {
    return this.page.getByRole('toolbar', { name: 'Report editor' });
  }

  private button(name: string): Locator {
    return this.toolbar.getByRole('button', { name, exact: true });
  }

  private drawer(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }

  /** A Mantine select: its field, then the option. */
  private async choose(scope: Locator, label: string, option: string): Promise<void> {
    await scope.getByRole('combobox', { name: label, exact: true }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** A Mantine multi-select: each option, then Escape closes the list. */
  private async chooseMany(scope: Locator, label: string, options: readonly string[]): Promise<void> {
    for (const option of options) {
      await scope.getByLabel(label, { exact: true }).first().click();
      await this.page.getByRole('option', { name: option, exact: true }).click();
    }
    await this.page.keyboard.press('Escape');
  }

  /** Pages → Add page → the new page renamed to `name`; the panel closed on it. */
  async addPage(name: string): Promise<void> {
    await this.button('Pages').click();
    const drawer = this.drawer('Pages');
    const names = drawer.getByRole('textbox', { name: 'Page name' });
    const before = await names.count();
    await drawer.getByRole('button', { name: 'Add page' }).click();
    await names.nth(before).waitFor();
    await names.nth(before).fill(name);
    await names.nth(before).press('Enter');
    await this.page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  }

  /**
   * Calculated metrics → a metric named `label` with `formula`; a formula the parser refuses
   * leaves its message under the field, which `formulaError` reads.
   */
  async typeMetric(label: string, formula: string): Promise<Locator> {
    const drawer = this.drawer('Calculated metrics');
    if (!(await drawer.isVisible())) await this.button('Calculated metrics').click();
    const add = drawer.getByRole('button', { name: 'Add metric' });
    if (await add.isVisible()) await add.click();
    await drawer.getByRole('textbox', { name: 'Name' }).fill(label);
    await drawer.getByRole('textbox', { name: /^Formula/ }).fill(formula);
    return drawer;
  }

  async saveMetric(format: string): Promise<void> {
    const drawer = this.drawer('Calculated metrics');
    await drawer.getByText(format, { exact: true }).click();
    // A click waits for the button to be enabled: the formula checked and found good.
    await drawer.getByRole('button', { name: 'Save metric' }).click();
    await this.page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  }

  /** Add visual → its chart, title, data → the preview answers → Add to page. */
  async addVisual(visual: NewVisual): Promise<void> {
    await this.button('Add visual').click();
    const drawer = this.drawer('Add visual');
    await this.choose(drawer, 'Chart', visual.chart);
    await drawer.getByRole('textbox', { name: 'Title' }).fill(visual.title);
    if (visual.chart === 'KPI') await this.choose(drawer, 'Measure', visual.measures[0] ?? '');
    else await this.chooseMany(drawer, 'Measures', visual.measures);
    if (visual.axis !== undefined) await this.choose(drawer, 'Axis', visual.axis);
    if (visual.dimensions !== undefined) await this.chooseMany(drawer, 'Dimensions', visual.dimensions);
    // The preview is the visual itself, answering live.
    const preview = drawer.getByTestId('visual-preview').getByRole('region', { name: visual.title });
    await preview.waitFor({ timeout: VISUALS_TIMEOUT_MS });
    await preview
      .getByLabel('Loading visual')
      .first()
      .waitFor({ state: 'detached', timeout: VISUALS_TIMEOUT_MS });
    await drawer.getByRole('button', { name: 'Add to page' }).click();
    await drawer.waitFor({ state: 'detached' });
    await this.cell(visual.title).waitFor();
  }

  /**
   * Actions → Edit on the visual titled `title` → Add a filter on `column` → its card opened →
   * `value` ticked → Apply. Leaves the drawer open until Apply when `screenshot` is given, which
   * runs with the filter set.
   */
  async filterVisual(
    title: string,
    column: string,
    value: string,
    screenshot?: () => Promise<void>,
  ): Promise<void> {
    await this.cell(title)
      .getByRole('button', { name: `Actions for ${title}` })
      .click();
    await this.page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
    const drawer = this.drawer('Edit visual');
    await this.choose(drawer, 'Add a filter', column);
    // The new filter's card, after the fields: its header names the column.
    await drawer
      .getByRole('button', { name: new RegExp(`^${column}`) })
      .last()
      .click();
    await drawer.getByRole('checkbox', { name: value, exact: true }).check();
    const preview = drawer.getByTestId('visual-preview').getByRole('region', { name: title });
    await preview.getByRole('img', { name: /^This visual's own filters/ }).waitFor();
    await preview
      .getByLabel('Loading visual')
      .first()
      .waitFor({ state: 'detached', timeout: VISUALS_TIMEOUT_MS });
    if (screenshot !== undefined) await screenshot();
    await drawer.getByRole('button', { name: 'Apply', exact: true }).click();
    await drawer.waitFor({ state: 'detached' });
  }

  /** The grid cell of the visual titled `title`. */
  cell(title: string): Locator {
    return this.page
      .locator('[data-visual-id]')
      .filter({ has: this.page.getByRole('region', { name: title }) });
  }

  /** Where the visual sits on the grid (0-based column and row, width and height in cells). */
  async layout(title: string): Promise<Layout> {
    const style = (await this.cell(title).getAttribute('style')) ?? '';
    const read = (name: string) => Number(new RegExp(`--${name}:\\s*(\\d+)`).exec(style)?.[1] ?? NaN);
    return { x: read('x') - 1, y: read('y') - 1, w: read('w'), h: read('h') };
  }

  /** One grid step in px: a column with its gap, a row with its gap. */
  private async step(): Promise<{ column: number; row: number }> {
    const box = await this.page.locator('[data-editor-grid]').boundingBox();
    if (box === null) throw new Error('the editor grid is not on screen');
    return { column: (box.width - 8 - 11 * GAP_PX) / 12 + GAP_PX, row: ROW_PX + GAP_PX };
  }

  /** Drags the visual's move (or resize) handle by whole cells with the mouse. */
  async drag(title: string, handle: 'Move' | 'Resize', columns: number, rows: number): Promise<void> {
    const cell = this.cell(title);
    await cell.hover();
    const target = cell.getByRole('button', { name: `${handle} ${title}` });
    const box = await target.boundingBox();
    if (box === null) throw new Error(`no ${handle} handle on ${title}`);
    const { column, row } = await this.step();
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await this.page.mouse.move(from.x, from.y);
    await this.page.mouse.down();
    const steps = 8;
    for (let i = 1; i <= steps; i += 1) {
      await this.page.mouse.move(from.x + (columns * column * i) / steps, from.y + (rows * row * i) / steps);
    }
    await this.page.mouse.up();
    await this.dropped(title);
  }

  /** Until the drag of the visual has ended on screen (its cell drawn as it lands, then settled). */
  private async dropped(title: string): Promise<void> {
    await this.cell(title).and(this.page.locator('[data-dragging]')).waitFor({ state: 'detached' });
  }

  /** Picks the handle up with the keyboard (space), presses the arrow keys, drops it (space). */
  async nudge(title: string, handle: 'Move' | 'Resize', keys: readonly string[]): Promise<void> {
    const target = this.cell(title).getByRole('button', { name: `${handle} ${title}` });
    await target.focus();
    await this.page.keyboard.press('Space');
    // dnd-kit listens for the arrow keys from a task it queues at the pick-up (a zero timeout): a
    // key pressed before that task ran is lost. Wait until the handle says it is picked up
    // (aria-pressed), then until a zero timeout queued after dnd-kit's has run in the page.
    await target.and(this.page.locator('[aria-pressed="true"]')).waitFor();
    await this.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    for (const key of keys) await this.page.keyboard.press(key);
    await this.page.keyboard.press('Space');
    await target.and(this.page.locator('[aria-pressed="true"]')).waitFor({ state: 'detached' });
    await this.dropped(title);
  }

  async save(): Promise<void> {
    await this.button('Save').click();
    await this.toolbar.getByText('All changes saved').waitFor();
  }

  /** Version history → restore version `n` → confirm; the editor shows the restored report. */
  async restore(version: number): Promise<void> {
    await this.button('Version history').click();
    const drawer = this.drawer('Version history');
    await drawer.getByText(`Version ${String(version)}`, { exact: true }).waitFor();
    // A filter's inner locator is queried inside each item: the page's, not the drawer's.
    await drawer
      .locator('.mantine-Timeline-item')
      .filter({ has: this.page.getByText(`Version ${String(version)}`, { exact: true }) })
      .getByRole('button', { name: 'Restore' })
      .click();
    await this.page
      .getByRole('dialog', { name: 'Restore this version?' })
      .getByRole('button', { name: 'Restore' })
      .click();
    await this.page.getByRole('dialog', { name: 'Restore this version?' }).waitFor({ state: 'detached' });
  }

  /** The versions the history lists, newest first ('Version 3', ...), and which is current. */
  async versions(): Promise<{ names: string[]; current: string }> {
    const drawer = this.drawer('Version history');
    if (!(await drawer.isVisible())) await this.button('Version history').click();
    await drawer.getByText('Current', { exact: true }).waitFor();
    const names = await drawer.getByText(/^Version \d+$/).allInnerTexts();
    const current = await drawer
      .locator('.mantine-Timeline-item')
      .filter({ has: this.page.getByText('Current', { exact: true }) })
      .getByText(/^Version \d+$/)
      .innerText();
    await this.page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    return { names, current };
  }
}
