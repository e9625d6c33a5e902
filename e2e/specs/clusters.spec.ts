import { describe, expect } from 'vitest';
import { createOrganization, createVerifiedUser, signInBrowser, uniqueEmail } from '../support/api';
import { expectAccessible } from '../support/accessibility';
import { test } from '../support/browser';
import { screenshots as shoot } from '../support/screenshots';
import { ClustersPages } from '../pages/ClustersPages';
import { DashboardPage } from '../pages/DashboardPage';
import { SourcesPages } from '../pages/SourcesPages';

/** A first load of one sandbox Google Ads account on a two-core machine. */
const LOAD_TIMEOUT_MS = 240_000;

const screenshots = (page: Parameters<typeof shoot>[0], name: string) => shoot(page, 'clusters', name);

/** "$82,066" → 82066: a KPI's amount. */
function amount(text: string): number {
  const match = /-?[\d,]+(\.\d+)?/.exec(text.replace(/\s/g, ''));
  return match === null ? Number.NaN : Number(match[0].replace(/,/g, ''));
}

/** The Spend (in cents, its full value) and Clicks KPIs of the page shown. */
async function kpis(dashboard: DashboardPage): Promise<{ spend: number; clicks: number }> {
  const spend = await dashboard.kpiInFull('Spend');
  const clicks = await dashboard.kpiText('Clicks');
  return { spend: Math.round(amount(spend.value) * 100), clicks: amount(clicks.split('\n')[1] ?? '') };
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

    // -maya offers the new column in its filters pane, by its name; the spend and clicks of its
    // 'Search' rows and of its 'Other' rows add up to the unfiltered figures (every row has a
    // campaign name, so no row is left without a value).
    const dashboard = new DashboardPage(page, organization.slug);
    await dashboard.open('-maya');
    await dashboard.waitForAllVisuals();
    const all = await kpis(dashboard);
    await dashboard.openFilters();
    await dashboard.includeValues(name, ['Search']);
    await dashboard.waitForFilterSummary(name, 'Search');
    await dashboard.waitForAllVisuals();
    const search = await kpis(dashboard);
    await dashboard.untickValues(name, ['Search']);
    await dashboard.includeValues(name, ['Other']);
    await dashboard.waitForFilterSummary(name, 'Other');
    await dashboard.waitForAllVisuals();
    const other = await kpis(dashboard);
    expect(await dashboard.visualErrors().count()).toBe(0);
    expect(search.spend).toBeGreaterThan(0);
    expect(other.spend).toBeGreaterThan(0);
    // Amounts are kept in micros and each figure is rounded to the cent only when shown, so the
    // two parts shown may differ from the total shown by the rounding of one cent, never more.
    expect(Math.abs(search.spend + other.spend - all.spend)).toBeLessThanOrEqual(1);
    expect(search.clicks + other.clicks).toBe(all.clicks);
    await screenshots(page, 'maya-filtered');
  }, 480_000); // a first load, then the editor's previews and an opening of -maya
});
