import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { createOrganization, createVerifiedUser, signInBrowser, uniqueEmail } from '../support/api';
import { expectAccessible } from '../support/accessibility';
import { test } from '../support/browser';
import { DashboardPage } from '../pages/DashboardPage';

const SHOTS_DIR = fileURLToPath(new URL('../artifacts/custom-tables/', import.meta.url));

async function screenshots(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS_DIR, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForFunction(() => {
      type Animations = { document: { getAnimations(): { playState: string }[] } };
      return (globalThis as unknown as Animations).document
        .getAnimations()
        .every((animation) => animation.playState !== 'running');
    });
    await page.screenshot({ path: `${SHOTS_DIR}${name}--${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function csvFile(folder: string, name: string, text: string): Promise<string> {
  const file = path.join(folder, name);
  await writeFile(file, text);
  return file;
}

describe('custom tables', () => {
  test('manual orders: a missing column refused, a good file uploaded with progress, a mismatched replace refused with the table unchanged', async ({
    page,
    baseUrl,
  }) => {
    const email = uniqueEmail('custom-tables');
    const token = await createVerifiedUser(baseUrl, email);
    const organization = await createOrganization(baseUrl, token, 'Custom Tables Journey');
    await signInBrowser(page, email);
    await page.setViewportSize({ width: 1440, height: 900 });
    const folder = await mkdtemp(path.join(os.tmpdir(), 'maya-e2e-csv-'));
    const setup = `/organization/${organization.slug}/sources/setup/custom-table/manual_orders`;

    // From the sources list: the manual category offers its upload.
    await page.goto(`/organization/${organization.slug}/sources`);
    const section = page.getByRole('region', { name: 'Custom tables' });
    // A first visit on a busy two-core machine: the lazy page and three lists arrive.
    await section.getByText('Manual Orders').waitFor({ timeout: 60_000 });
    await section
      .getByRole('row', { name: /Manual Orders/ })
      .getByRole('link', { name: 'Upload CSV' })
      .click();
    await page.waitForURL(new RegExp(`${setup}$`));
    await page.getByRole('heading', { name: 'Manual Orders' }).waitFor({ timeout: 30_000 });

    const missing = await csvFile(folder, 'missing.csv', 'user_id,created_at\nu-1,2024-03-01\n');
    await page.locator('input[type=file]').setInputFiles(missing);
    await page.getByText('Could not find order_id column').waitFor();
    expect(await page.getByRole('button', { name: 'Upload' }).isDisabled()).toBe(true);

    const rows = ['order_id,user_id,created_at,revenue'];
    for (let i = 1; i <= 3000; i++)
      rows.push(`o-${i},u-${i % 40},2024-03-${String((i % 28) + 1).padStart(2, '0')},${i % 97}.5`);
    const good = await csvFile(folder, 'orders.csv', `${rows.join('\n')}\n`);
    await page.locator('input[type=file]').setInputFiles(good);
    await page.getByRole('table', { name: 'Columns' }).waitFor();
    await page.getByLabel('Type of revenue').selectOption('Numeric');
    await screenshots(page, 'column-editor');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('File uploaded succesfully').waitFor({ timeout: 60_000 });
    await page.getByText('3,000 rows loaded').first().waitFor();
    await screenshots(page, 'uploaded');

    // Its rows, as the sources list reports them.
    await page.goto(`/organization/${organization.slug}/sources`);
    await section.getByText('3,000 rows loaded').waitFor();
    await screenshots(page, 'sources');

    // Its rows in a report: the Custom tables report opens on the table's page.
    const dashboard = new DashboardPage(page, organization.slug);
    await section.getByRole('link', { name: 'View Manual Orders in the Custom tables report' }).click();
    await dashboard.title('Custom tables').waitFor({ timeout: 60_000 });
    expect(await dashboard.currentPage()).toBe('Manual Orders');
    await dashboard.waitForAllVisuals();
    await dashboard.kpi('Rows').getByText('3,000').waitFor();
    // Filtered like any report: one user's orders, every one of them in the table.
    await dashboard.openFilters();
    await dashboard.includeValues('User ID', ['u-1']);
    await dashboard.waitForFilterSummary('User ID', 'u-1');
    await dashboard.closeFilters();
    await dashboard.waitForAllVisuals();
    await dashboard.kpi('Rows').getByText('75', { exact: true }).waitFor();
    const orders = page.getByRole('region', { name: 'Manual Orders', exact: true });
    await orders.getByRole('cell', { name: 'o-1', exact: true }).waitFor();
    await orders.getByRole('cell', { name: 'o-2961', exact: true }).waitFor();
    await screenshots(page, 'report');
    await expectAccessible(page);
    await page.goto(`/organization/${organization.slug}/sources`);

    // Replace with other columns: refused in the browser and by the server; nothing changes.
    await section
      .getByRole('row', { name: /Manual Orders/ })
      .getByRole('link', { name: 'Upload new file' })
      .click();
    await page.waitForURL(new RegExp(`${setup}$`));
    const mismatched = await csvFile(
      folder,
      'other.csv',
      'order_id,user_id,created_at,amount\no-1,u-1,2024-03-01,1\n',
    );
    await page.locator('input[type=file]').setInputFiles(mismatched);
    await page.getByText('Current schema and CSV columns do not match').waitFor();
    // The server refuses it too when sent past the browser's check.
    const form = new FormData();
    form.append(
      'file',
      new Blob(['order_id,user_id,created_at,amount\no-1,u-1,2024-03-01,1\n'], { type: 'text/csv' }),
      'other.csv',
    );
    const answer = await fetch(
      `${baseUrl}/api/custom_table/manual_orders/upload?organization_id=${organization.id}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      },
    );
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { detail: { message: string } }).detail.message).toBe(
      'Current schema and CSV columns do not match',
    );
    await page.goto(`/organization/${organization.slug}/sources`);
    await section.getByText('3,000 rows loaded').waitFor();
    // The report still shows every row of the file that was loaded.
    await dashboard.open('-custom-tables');
    await dashboard.waitForAllVisuals();
    await dashboard.kpi('Rows').getByText('3,000').waitFor();
  }, 300_000);
});
