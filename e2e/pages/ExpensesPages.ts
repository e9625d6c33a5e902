import type { Locator, Page } from 'playwright-core';

/** How long a save may take: the change is written to the warehouse and the models rebuilt. */
const SAVE_TIMEOUT_MS = 120_000;
/** How long a screen may take to show on a busy two-core machine. */
const SHOW_TIMEOUT_MS = 60_000;
const shown = { timeout: SHOW_TIMEOUT_MS };

export type ExpenseFields = {
  paymentDate?: string;
  amount?: string;
  category?: string;
  subcategory?: string;
  description?: string;
};

/** The manual expenses screens (spec 001 §2): the list and the form. */
export class ExpensesPages {
  constructor(
    private readonly page: Page,
    private readonly organizationSlug: string,
  ) {}

  path(rest = ''): string {
    return `/organization/${this.organizationSlug}/expenses${rest}`;
  }

  async openList(): Promise<void> {
    await this.page.goto(this.path());
    await this.table().or(this.page.getByText('No expenses yet')).waitFor(shown);
  }

  table(): Locator {
    return this.page.getByRole('table', { name: 'Manual Expenses' });
  }

  /** The list's rows as their cells' texts. */
  async rows(): Promise<string[][]> {
    const rows = this.table().getByRole('row');
    const count = await rows.count();
    const out: string[][] = [];
    for (let i = 1; i < count; i += 1) {
      const cells = await rows.nth(i).getByRole('cell').allInnerTexts();
      out.push(cells.map((cell) => cell.replace(/\s+/g, ' ').trim()));
    }
    return out;
  }

  async addExpense(): Promise<void> {
    await this.page.getByRole('link', { name: 'Add expense' }).click();
    await this.page.getByLabel('Amount').waitFor(shown);
  }

  /** A day field: typed as the app shows days, DD/MM/YYYY, and left (`day` is `YYYY-MM-DD`). */
  async fillDay(label: string, day: string): Promise<void> {
    const field = this.page.getByLabel(label);
    await field.fill(day.split('-').reverse().join('/'));
    await field.press('Escape');
    await field.blur();
  }

  async fill(fields: ExpenseFields): Promise<void> {
    if (fields.paymentDate !== undefined) await this.fillDay('Payment Date', fields.paymentDate);
    if (fields.amount !== undefined) await this.page.getByLabel('Amount').fill(fields.amount);
    if (fields.category !== undefined) await this.choose('Category', fields.category);
    if (fields.subcategory !== undefined) await this.choose('Subcategory', fields.subcategory);
    if (fields.description !== undefined) await this.page.getByLabel('Description').fill(fields.description);
  }

  private async choose(label: string, option: string): Promise<void> {
    await this.page.getByRole('combobox', { name: label, exact: true }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await this.page.getByRole('option', { name: option, exact: true }).waitFor({ state: 'hidden' });
  }

  /**
   * Whether the list fits the window's width (no sideways scroll) with every row's Edit and
   * Delete inside it.
   */
  async fitsWidth(): Promise<boolean> {
    // A function, not a string (the app's CSP forbids eval); the e2e code has no DOM types.
    const width = await this.page.evaluate(() => {
      type Window = { innerWidth: number; document: { scrollingElement: { scrollWidth: number } | null } };
      const window = globalThis as unknown as Window;
      return { page: window.document.scrollingElement?.scrollWidth ?? 0, window: window.innerWidth };
    });
    if (width.page > width.window) return false;
    const actions = this.table()
      .getByRole('link', { name: /^Edit / })
      .or(this.table().getByRole('button', { name: /^Delete / }));
    const boxes = await Promise.all((await actions.all()).map((action) => action.boundingBox()));
    return (
      boxes.length > 0 &&
      boxes.every((box) => box !== null && box.x >= 0 && box.x + box.width <= width.window)
    );
  }

  /** Save, then back on the list with the spec's message. */
  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save' }).click();
    await this.page.getByText('Manual expense was saved successfully.').waitFor({ timeout: SAVE_TIMEOUT_MS });
    await this.table().waitFor(shown);
  }

  /** The form's error under a field. */
  fieldError(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  async edit(rowName: RegExp): Promise<void> {
    await this.page.getByRole('link', { name: rowName }).click();
    await this.page.getByLabel('Amount').waitFor(shown);
  }

  async remove(rowName: RegExp): Promise<void> {
    await this.page.getByRole('button', { name: rowName }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Delete expense?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'detached', timeout: SAVE_TIMEOUT_MS });
  }
}
