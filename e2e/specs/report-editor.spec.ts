import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { createOrganization, createVerifiedUser, signInBrowser, uniqueEmail } from '../support/api';
import { expectAccessible } from '../support/accessibility';
import { test } from '../support/browser';
import { screenshots } from '../support/screenshots';
import { DashboardPage } from '../pages/DashboardPage';
import { ReportEditor } from '../pages/ReportEditor';
import { SourcesPages } from '../pages/SourcesPages';

/** A full-page screenshot of a scrolled page draws the sticky header across the middle. */
async function toTop(page: Page): Promise<void> {
  await page.evaluate(() =>
    (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
  );
}

/** A first load on a busy two-core machine. */
const LOAD_TIMEOUT_MS = 240_000;

describe('report editor', () => {
  test('an owner builds a page with a KPI, a line by day and a table by campaign with a calculated CPA, moves and resizes them, undoes and redoes, saves, reloads, and restores the previous version', async ({
    page,
    baseUrl,
  }) => {
    const email = uniqueEmail('editor');
    const token = await createVerifiedUser(baseUrl, email);
    const organization = await createOrganization(baseUrl, token, 'Editor Journey');
    await signInBrowser(page, email);
    await new SourcesPages(page, organization.slug).connectGoogleAdsAndLoad(
      email,
      'Acme Outdoor Germany',
      LOAD_TIMEOUT_MS,
    );

    // A built-in report is never changed: edit mode offers a copy first (save as).
    const dashboard = new DashboardPage(page, organization.slug);
    await dashboard.open('-maya', '/edit');
    await page.getByText(/Built-in reports are not changed/).waitFor();
    await dashboard.saveReportAs('Editor journey');
    await page.waitForURL(`**/organization/${organization.slug}/dashboard/editor-journey`);
    // A custom report's heading is its name.
    await page.goto(dashboard.path('editor-journey', '/edit'));
    await dashboard.title('Editor journey').waitFor({ timeout: 60_000 });
    const editor = new ReportEditor(page);
    await editor.toolbar.waitFor();

    // A page of its own, and the calculated CPA: a bad formula says what is wrong under the field.
    await editor.addPage('Build');
    await dashboard.waitForPage('Build');
    const metrics = await editor.typeMetric('Calculated CPA', 'spend / (conversions');
    await metrics.getByText('Expected ")", found the end of the formula (at character 21)').waitFor();
    await editor.typeMetric('Calculated CPA', 'spend / conversions');
    await editor.saveMetric('Currency');

    await editor.addVisual({ chart: 'KPI', title: 'Spend KPI', measures: ['Spend'] });
    await editor.addVisual({ chart: 'Line', title: 'Clicks by day', measures: ['Clicks'], axis: 'Date' });
    await editor.addVisual({
      chart: 'Table',
      title: 'CPA by campaign',
      measures: ['Spend', 'Conversions', 'Calculated CPA'],
      dimensions: ['Campaign'],
    });
    expect(await editor.layout('Spend KPI')).toEqual({ x: 0, y: 0, w: 3, h: 2 });
    expect(await editor.layout('Clicks by day')).toEqual({ x: 0, y: 2, w: 6, h: 5 });
    expect(await editor.layout('CPA by campaign')).toEqual({ x: 0, y: 7, w: 12, h: 6 });
    await dashboard.waitForAllVisuals();
    expect(await dashboard.visualErrors().count()).toBe(0);
    const table = page.getByRole('region', { name: 'CPA by campaign' });
    await table.getByRole('columnheader', { name: /Calculated CPA/ }).waitFor();

    // The mouse: the line beside the KPI, the KPI wider and taller.
    await editor.drag('Clicks by day', 'Move', 6, -2);
    expect(await editor.layout('Clicks by day')).toEqual({ x: 6, y: 0, w: 6, h: 5 });
    await editor.drag('Spend KPI', 'Resize', 3, 1);
    expect(await editor.layout('Spend KPI')).toEqual({ x: 0, y: 0, w: 6, h: 3 });
    // The keyboard: the table two rows up, then one row shorter.
    await editor.nudge('CPA by campaign', 'Move', ['ArrowUp', 'ArrowUp']);
    expect(await editor.layout('CPA by campaign')).toEqual({ x: 0, y: 5, w: 12, h: 6 });
    await editor.nudge('CPA by campaign', 'Resize', ['ArrowUp']);
    expect(await editor.layout('CPA by campaign')).toEqual({ x: 0, y: 5, w: 12, h: 5 });

    // Undo and redo, by the keyboard's shortcuts.
    await page.keyboard.press('Control+z');
    expect(await editor.layout('CPA by campaign')).toEqual({ x: 0, y: 5, w: 12, h: 6 });
    await page.keyboard.press('Control+z');
    expect(await editor.layout('CPA by campaign')).toEqual({ x: 0, y: 7, w: 12, h: 6 });
    await page.keyboard.press('Control+Shift+z');
    await page.keyboard.press('Control+y');
    expect(await editor.layout('CPA by campaign')).toEqual({ x: 0, y: 5, w: 12, h: 5 });

    // The table's own filter: one campaign, whatever the page's filters; the card says so.
    const campaignCells = table.locator('tbody tr td:first-child');
    const campaigns = (await campaignCells.allInnerTexts()).map((c) => c.trim());
    expect(campaigns.length).toBeGreaterThan(1);
    const [chosen] = campaigns as [string];
    await editor.filterVisual('CPA by campaign', 'Campaign', chosen, async () => {
      await expectAccessible(page);
      await screenshots(page, 'report-editor', 'visual-filter');
    });
    await table.getByRole('img', { name: `This visual's own filters: Campaign: ${chosen}` }).waitFor();
    await expect.poll(() => campaignCells.allInnerTexts()).toEqual([chosen]);
    await expectAccessible(page);
    await toTop(page);
    await screenshots(page, 'report-editor', 'build-page');

    // Saved as version 2; a reload shows the same page.
    await editor.save();
    await page.reload();
    await editor.toolbar.waitFor();
    await dashboard.waitForPage('Build');
    expect(await editor.layout('Spend KPI')).toEqual({ x: 0, y: 0, w: 6, h: 3 });
    expect(await editor.layout('Clicks by day')).toEqual({ x: 6, y: 0, w: 6, h: 5 });
    expect(await editor.layout('CPA by campaign')).toEqual({ x: 0, y: 5, w: 12, h: 5 });
    await table.getByRole('columnheader', { name: /Calculated CPA/ }).waitFor();
    await expect.poll(() => campaignCells.allInnerTexts()).toEqual([chosen]);
    await dashboard.waitForAllVisuals();
    expect(await dashboard.visualErrors().count()).toBe(0);
    expect(await editor.versions()).toEqual({ names: ['Version 2', 'Version 1'], current: 'Version 2' });

    // Restoring version 1 saves it again as version 3: the Build page is gone.
    await editor.restore(1);
    await page.locator('[data-editor-grid]').first().waitFor();
    expect(await dashboard.pageNames()).not.toContain('Build');
    // It opens on its own first page, as restored: no "link could not be read" for the Build page.
    expect(await page.getByText("This link's report view could not be read").count()).toBe(0);
    expect(await editor.versions()).toEqual({
      names: ['Version 3', 'Version 2', 'Version 1'],
      current: 'Version 3',
    });
    await toTop(page);
    await screenshots(page, 'report-editor', 'restored');

    // An unsaved change: Done asks before leaving (decision 745); Stay keeps the draft, Leave drops it.
    await editor.addPage('Draft');
    const done = page.getByRole('link', { name: 'Done', exact: true });
    await done.click();
    const confirm = page.getByRole('dialog', { name: 'Leave without saving?' });
    await confirm.waitFor();
    await expectAccessible(page);
    await screenshots(page, 'report-editor', 'leave-confirm');
    // (The dialog's close button is "Stay" too: the one with the word is the footer's.)
    await confirm.getByText('Stay', { exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await dashboard.pageNames()).toContain('Draft');
    await done.click();
    await confirm.getByRole('button', { name: 'Leave' }).click();
    await editor.toolbar.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).not.toMatch(/\/edit$/);
    expect(await dashboard.pageNames()).not.toContain('Draft');
  }, 420_000);
});
