import { describe, expect } from 'vitest';
import { createOrganization, createVerifiedUser, signInBrowser, uniqueEmail } from '../support/api';
import { test } from '../support/browser';
import { screenshots } from '../support/screenshots';
import { DashboardPage } from '../pages/DashboardPage';
import { SourcesPages } from '../pages/SourcesPages';

describe('account time zones and Meta conversions (issue 30)', () => {
  test('a report over accounts in two zones names them; Meta Ads conversions are chosen on the sources page', async ({
    page,
    baseUrl,
  }) => {
    const email = uniqueEmail('time-zones');
    const token = await createVerifiedUser(baseUrl, email);
    const organization = await createOrganization(baseUrl, token, 'Time Zones Journey');
    await signInBrowser(page, email);
    const sources = new SourcesPages(page, organization.slug);

    // Acme Outdoor Germany counts its days in Berlin, Northpeak US in New York.
    await sources.connectAccounts('Google Ads', email, ['Acme Outdoor Germany', 'Northpeak US']);
    await sources.expand('Google Ads');
    for (const account of ['Acme Outdoor Germany', 'Northpeak US']) {
      await sources.accountRow(account).getByText('Finished').first().waitFor({ timeout: 180_000 });
    }

    const dashboard = new DashboardPage(page, organization.slug);
    await dashboard.open('-maya');
    const note = page.getByTestId('report-time-zones');
    await note.waitFor({ timeout: 60_000 });
    expect(await note.innerText()).toBe(
      "Days are each account's own time zone: America/New_York (1 account), Europe/Berlin (1)",
    );
    await screenshots(page, 'time-zones', 'dashboard-note');

    // Embedded in another site, the view names its zones too (decision 733).
    await page.getByRole('button', { name: 'Embed' }).click();
    const embed = page.getByRole('dialog', { name: 'Embed report' });
    await embed.getByRole('button', { name: 'Create link' }).click();
    const code = embed.getByRole('textbox', { name: 'Embed code' });
    await code.waitFor();
    const src = /src="([^"]+)"/.exec(await code.inputValue())?.[1];
    if (src === undefined) throw new Error(`no iframe address in the embed code: ${await code.inputValue()}`);
    await embed.getByRole('button', { name: 'Close' }).first().click();
    const viewer = await page.context().newPage();
    await viewer.goto(src);
    const embeddedNote = viewer.getByTestId('report-time-zones');
    await embeddedNote.waitFor({ timeout: 60_000 });
    expect(await embeddedNote.innerText()).toBe(await note.innerText());
    await screenshots(viewer, 'time-zones', 'embed-note');
    await viewer.close();

    // Meta Ads: which of its actions count as conversions.
    await sources.connectAccounts('Meta Ads', email, ['Northpeak EU']);
    await sources.openList();
    await page.getByRole('button', { name: 'Conversion settings of Meta Ads' }).click();
    const dialog = page.getByRole('dialog', { name: 'Meta Ads conversions' });
    const clicks = dialog.getByRole('checkbox', { name: /Link clicks/ });
    await clicks.waitFor();
    expect(await dialog.getByRole('checkbox', { name: /Purchases/ }).isChecked()).toBe(true);
    await screenshots(page, 'time-zones', 'meta-conversions');
    await clicks.check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Saved. Conversions follow this choice from the next data load.').waitFor();

    // The choice stays.
    await page.reload();
    await page.getByRole('button', { name: 'Conversion settings of Meta Ads' }).click();
    await dialog.getByRole('checkbox', { name: /Link clicks/ }).waitFor();
    expect(await dialog.getByRole('checkbox', { name: /Link clicks/ }).isChecked()).toBe(true);
  }, 300_000);
});
