import type { Locator, Page } from 'playwright-core';

/** How long a preview, coverage or save may take: DuckDB over the demo's rows on a busy machine. */
const ANSWER_TIMEOUT_MS = 60_000;

/**
 * The clusters screens (spec 001 §2): the tabs with each category's columns, the cluster editor
 * with its rule sets and preview, and the word groups.
 */
export class ClustersPages {
  constructor(
    private readonly page: Page,
    private readonly organizationSlug: string,
  ) {}

  path(rest = ''): string {
    return `/organization/${this.organizationSlug}/clusters${rest}`;
  }

  async openList(category = 'adgroups'): Promise<void> {
    await this.page.goto(this.path(`/${category}`));
    await this.columnList().or(this.page.getByText('No clusters yet')).waitFor();
  }

  columnList(): Locator {
    return this.page.getByRole('list', { name: 'Clusters' });
  }

  /** The columns' names in their order. */
  async columnNames(): Promise<string[]> {
    const names = await this.columnList().getByRole('link').allInnerTexts();
    // Each link reads 'Edit <name>' (the first word visually hidden), then its badges.
    return names.map((text) => (text.replace(/^Edit\s+/, '').split('\n')[0] ?? '').trim());
  }

  async addCluster(): Promise<void> {
    await this.page.getByRole('link', { name: 'Add Cluster' }).click();
    await this.nameInput().waitFor();
  }

  nameInput(): Locator {
    return this.page.getByRole('textbox', { name: 'Cluster name' });
  }

  private ruleSet(index: number): Locator {
    return this.page.getByRole('list', { name: 'Rule sets' }).getByRole('listitem').nth(index);
  }

  /** Fills rule set `index` (adding it when it is not there): its "then" value and its first rule. */
  async fillRuleSet(
    index: number,
    then: string,
    rule: { field: string; operator: string; value: string },
  ): Promise<void> {
    if ((await this.page.getByRole('list', { name: 'Rule sets' }).getByRole('listitem').count()) <= index) {
      await this.page.getByRole('button', { name: 'Add rule set' }).click();
    }
    const set = this.ruleSet(index);
    await set.getByRole('textbox', { name: `Then, rule set ${index + 1}` }).fill(then);
    await set.getByRole('combobox', { name: 'Field, rule 1' }).selectOption({ label: rule.field });
    await set.getByRole('combobox', { name: 'Operator, rule 1' }).selectOption({ label: rule.operator });
    await set.getByRole('textbox', { name: 'Value, rule 1' }).fill(rule.value);
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
    await this.page
      .getByRole('button', { name: 'Saved', exact: true })
      .waitFor({ timeout: ANSWER_TIMEOUT_MS });
  }

  async refreshPreview(): Promise<void> {
    await this.page.getByRole('button', { name: 'Refresh preview' }).click();
  }

  /** The coverage table once it answered: rows of [value, rows, share, spend]. */
  async coverage(): Promise<string[][]> {
    const table = this.page.getByRole('table', { name: 'Coverage' });
    await table.waitFor({ timeout: ANSWER_TIMEOUT_MS });
    const rows = await table.getByRole('row').all();
    const cells = await Promise.all(rows.slice(1).map((row) => row.getByRole('cell').allInnerTexts()));
    return cells;
  }

  async back(): Promise<void> {
    await this.page.getByRole('link', { name: 'Back to clusters' }).click();
    await this.columnList().waitFor();
  }

  /**
   * Moves a column one place up with the keyboard: its handle, space (the handle reads pressed
   * once the drag started), arrow up (the row moves), space to drop.
   */
  async moveUp(name: string): Promise<void> {
    const handle = this.page.getByRole('button', { name: `Drag ${name}` });
    await handle.focus();
    await this.page.keyboard.press('Space');
    await this.page.getByRole('button', { name: `Drag ${name}`, pressed: true }).waitFor();
    // dnd-kit's live region says where the item is: "Draggable item A was moved over droppable
    // area B." A drop moves it only when B is another item; an arrow pressed while the sensor
    // is still measuring leaves it over itself, so press again until it is over another one.
    const overAnother = this.page.getByText(
      /Draggable item (\S+) was moved over droppable area (?!\1\.)\S+\./,
    );
    for (let press = 0; press < 3 && !(await overAnother.count()); press += 1) {
      await this.page.keyboard.press('ArrowUp');
      await overAnother.waitFor({ state: 'attached', timeout: 3_000 }).catch(() => undefined);
    }
    await overAnother.waitFor({ state: 'attached' });
    await this.page.keyboard.press('Space');
    await this.page.getByText(/was dropped over droppable area/).waitFor({ state: 'attached' });
  }
}
