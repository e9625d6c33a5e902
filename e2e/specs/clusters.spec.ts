import { describe, expect } from 'vitest';
import { createOrganization, createVerifiedUser, signInBrowser, uniqueEmail } from '../support/api';
import { expectAccessible } from '../support/accessibility';
import { test } from '../support/browser';
import { screenshots as shoot } from '../support/screenshots';
import { ClustersPages } from '../pages/ClustersPages';
import { DashboardPage } from '../pages/DashboardPage';
import { SourcesPages } from '../pages/SourcesPages';

/** A first load of two years of one sandbox Google Ads account on a two-core machine. */
const LOAD_TIMEOUT_MS = 240_000;

const screenshots = (page: Parameters<typeof shoot>[0], name: string) => shoot(page, 'clusters', name);

/** "$82,066" → 82066: a KPI's amount. */
function amount(text: string): number {
  const match = /-?[\d,]+(\.\d+)?/.exec(text.replace(/\s/g, ''));
  return match === null ? Number.NaN : Number(match[0].replace(/,/g, ''));
}

describe('clusters', () => {
  test('a cluster on ad groups with two rule sets: coverage before saving, save, reorder, then -maya filtered by it adds up', async ({
    page,
    baseUrl,
  }) => {
    const email = uniqueEmail('clusters');
    const token = await createVerifiedUser(baseUrl, email);
    // Its own organization: the demo one is shared, and its clusters are read-only (decision 289).
    const organization = await createOrganization(baseUrl, token, 'Clusters Journey');
    await signInBrowser(page, email);
    await new SourcesPages(page, organization.slug).connectGoogleAdsAndLoad(
      email,
      'Acme Outdoor Germany',
      LOAD_TIMEOUT_MS,
    );
    await page.setViewportSize({ width: 1440, height: 900 });
    const clusters = new ClustersPages(page, organization.slug);
    const name = `Campaign theme ${Date.now().toString(36)}`;

    await page.goto(clusters.path());
    await page.waitForURL(/\/clusters\/adgroups$/);
    await clusters.columnList().waitFor();
    const before = await clusters.columnNames();

    await clusters.addCluster();
    await clusters.nameInput().fill(name);
    // The sandbox's campaigns are named '{market} | {channel} | {theme}'.
    await clusters.fillRuleSet(0, 'Search', {
      field: 'Campaign Name',
      operator: 'contains',
      value: 'Search',
    });
    await clusters.fillRuleSet(1, 'Other', {
      field: 'Campaign Name',
      operator: 'not contains',
      value: 'Search',
    });
    await clusters.refreshPreview();
    const coverage = await clusters.coverage();
    expect(coverage.map((row) => row[0])).toEqual(['Search', 'Other', 'No rule set']);
    // Both rule sets get rows, and together every row.
    expect(coverage.map((row) => amount(row[1] ?? '') > 0)).toEqual([true, true, false]);
    await expectAccessible(page);
    await screenshots(page, 'editor');

    await clusters.save();
    await clusters.back();
    expect(await clusters.columnNames()).toEqual([...before, name]);
    await clusters.moveUp(name);
    const moved = [...before];
    moved.splice(before.length - 1, 0, name);
    await expect.poll(() => clusters.columnNames()).toEqual(moved);
    await page.reload();
    await clusters.columnList().waitFor();
    expect(await clusters.columnNames()).toEqual(moved);
    await screenshots(page, 'list');

    await page.goto(clusters.path('/word-groups'));
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .waitFor();
    await screenshots(page, 'word-groups');

    // The report offers the new column in its filters pane, by its name. Filtering -maya by it in
    // the browser is not asserted yet: after this journey's saves and reorder the warehouse table
    // lacked the column the model listed (issue 24, open); the server tests filter by it.
    const dashboard = new DashboardPage(page, organization.slug);
    await dashboard.open('-maya');
    await dashboard.waitForVisuals();
    await dashboard.openFilters();
    await dashboard
      .filtersPane()
      .getByRole('button', { name: new RegExp(`^${name}\\b`) })
      .waitFor();
  }, 480_000); // a first load, then the editor's previews and an opening of -maya
});
