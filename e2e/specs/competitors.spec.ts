// Competition reports (issue 29, "Done when"): save a competition report for a sandbox Search
// Console property (its top 300 terms by Clicks), run its job (a save computes it from the sandbox
// DataForSEO SERPs of the property's top search terms), open the Competitors report and see the
// share of voice of the sandbox's competing domains; the list, the editor and the report looked at in both widths and
// checked for contrast; a malformed id shows the 404 page.
import { SANDBOX_SERP_COMPETITORS } from '@maya/connectors/sandbox';
import { describe, expect } from 'vitest';
import { createOrganization, createVerifiedUser, signInBrowser, uniqueEmail } from '../support/api';
import { expectAccessible } from '../support/accessibility';
import { test } from '../support/browser';
import { screenshots } from '../support/screenshots';
import { CompetitorsPages } from '../pages/CompetitorsPages';
import { DashboardPage } from '../pages/DashboardPage';
import { SourcesPages } from '../pages/SourcesPages';

describe('competition reports', () => {
  test('save a report for a Search Console property; its job computes it; the report shows share of voice', async ({
    page,
    baseUrl,
  }) => {
    const email = uniqueEmail('competitors');
    const token = await createVerifiedUser(baseUrl, email);
    const organization = await createOrganization(baseUrl, token, 'Competitors Journey');
    await signInBrowser(page, email);
    await page.setViewportSize({ width: 1440, height: 900 });
    const competitors = new CompetitorsPages(page, organization.slug);

    // A malformed id is the 404 page.
    await competitors.openEditor('not-a-uuid');
    await page.getByText('We could not find the page you are looking for.').waitFor();

    // A sandbox Search Console property, its first load (the recent 90 days) done.
    const sources = new SourcesPages(page, organization.slug);
    await sources.connectSearchConsoleAndLoad(email, 'example.com', 300_000);

    await competitors.openList();
    await page.getByText('No competition reports yet').waitFor();
    await competitors.addReport();
    // The spec's defaults: Greece, 'Is Brand'; the only selectable account chosen.
    await expect.poll(() => competitors.field('Country').inputValue()).toBe('Greece');
    expect(await competitors.field('Filter column').inputValue()).toBe('Is Brand');
    expect(await competitors.field('Account').inputValue()).toBe('example.com (Search Console)');
    await page.getByText('The top 300 search terms by Clicks of the last 30 days.').waitFor();
    // Without a value: 'Could not save'.
    await competitors.saveButton().click();
    await page.getByRole('alert').filter({ hasText: 'Could not save' }).waitFor();
    await competitors.choose('Value', 'No');
    await competitors.saveButton().click();
    await page.getByRole('button', { name: 'Saved' }).waitFor();
    expect(await competitors.computed()).toMatch(/^Computed for \d{4}-\d{2}: \d+ search terms/);
    await screenshots(page, 'competitors', 'editor');
    await expectAccessible(page);

    await competitors.openList();
    await page.getByRole('link', { name: 'Open the Competitors report' }).waitFor();
    await screenshots(page, 'competitors', 'list');
    await expectAccessible(page);

    // The report: every sandbox competitor with its share of voice.
    await page.getByRole('link', { name: 'Open the Competitors report' }).click();
    const dashboard = new DashboardPage(page, organization.slug);
    await dashboard.title('Competitors').waitFor({ timeout: 60_000 });
    await dashboard.waitForAllVisuals();
    const table = page.getByRole('region', { name: 'Competing domains', exact: true });
    for (const competitor of SANDBOX_SERP_COMPETITORS) {
      const row = table.getByRole('row').filter({ hasText: competitor.domain }).first();
      await row.waitFor();
      expect(await row.innerText()).toMatch(/\d+(\.\d+)?%/);
    }
    await page.getByRole('region', { name: 'Share of voice by domain', exact: true }).waitFor();
    // The first month alone: columns, and a note that the line starts with the next month.
    await page
      .getByRole('region', { name: 'Share of voice by month', exact: true })
      .getByText(/^One month of data so far: shown as columns; the line starts with the next month\./)
      .waitFor();
    expect(await dashboard.visualErrors().count()).toBe(0);
    await screenshots(page, 'competitors', 'report');
    await expectAccessible(page);
  }, 900_000);
});
