import { describe, expect } from 'vitest';
import {
  createOrganization,
  createVerifiedUser,
  signInBrowser,
  uniqueEmail,
  waitForDemoData,
} from '../support/api';
import { expectAccessible } from '../support/accessibility';
import { test } from '../support/browser';
import { AiBuilder } from '../pages/AiBuilder';
import { DashboardPage } from '../pages/DashboardPage';
import { SourcesPages } from '../pages/SourcesPages';

/** The demo's first loads start with the app (about a minute on a busy machine); a first load too. */
const LOAD_TIMEOUT_MS = 240_000;
const FILTERS = ['Date', 'Channel'];
const KPIS = ['Spend', 'Clicks', 'Conversions'];
const BOOKMARK = 'Google Ads, last 30 days';

/** The report state a dashboard's address carries (`?state=`): base64url of its JSON. */
function decodedState(encoded: string): { filters: { id: string }[] } {
  return JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as { filters: { id: string }[] };
}

/**
 * "Last month" as the built-in parser reads it: the calendar month before today's (UTC), by its
 * name ('October 2026') and as the Date filter's card sums it up, one advanced filter with two
 * conditions: after the last day of the month before it, before the 1st of this month.
 */
function lastMonth(now = new Date()): { name: string; summary: string } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const name = first.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const pad = (n: number) => String(n).padStart(2, '0');
  const shown = (date: Date) =>
    `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()} 12:00`;
  const eve = new Date(first.getTime() - 86_400_000);
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { name, summary: `Is after ${shown(eve)} and is before ${shown(next)}` };
}

/** One user for both journeys (sign-ups are rate-limited per address). */
let user: Promise<{ email: string; token: string }> | null = null;
function theUser(baseUrl: string) {
  user ??= (async () => {
    const email = uniqueEmail('reports');
    return { email, token: await createVerifiedUser(baseUrl, email) };
  })();
  return user;
}

describe('reports', () => {
  test('a filtered view of -maya on the demo organization is saved as a bookmark and reopens the same; the AI Builder applies a prompt', async ({
    page,
    baseUrl,
  }) => {
    const { email, token } = await theUser(baseUrl);
    const demo = await waitForDemoData(baseUrl, token, LOAD_TIMEOUT_MS);
    await signInBrowser(page, email);
    const dashboard = new DashboardPage(page, demo.slug);

    await dashboard.open('-maya');
    await dashboard.waitForVisuals();
    const unfiltered = await dashboard.kpiText('Spend');

    // A chart's text alternative: its data as a table, reached with the keyboard (issue 23).
    const chartData = await dashboard.showFirstChartAsTable();
    expect(await chartData.getByRole('rowheader').count()).toBeGreaterThan(1);
    await expectAccessible(page);
    await dashboard.openFilters();
    expect(await dashboard.filterSummary('Channel')).toBe('All');
    expect(await dashboard.filterSummary('Date')).toBe('In the last 30 days');

    // One channel, in the last 30 days: the date set in the Relative date editor as a user
    // would, though it is the report's own period (the Filters badge counts the channel only).
    await dashboard.includeValues('Channel', ['Google Ads']);
    await dashboard.waitForFilterSummary('Channel', 'Google Ads');
    await dashboard.setRelativeDate('Date', 'In the last', 30, 'Days');
    await dashboard.waitForFilterSummary('Date', 'In the last 30 days');
    await dashboard.changedFilters(1).waitFor();
    await dashboard.waitForVisuals();
    expect(await dashboard.kpiText('Spend')).not.toBe(unfiltered);
    expect(await dashboard.visualErrors().count()).toBe(0);
    const filtered = await dashboard.view(FILTERS, KPIS);
    expect(filtered).toMatchObject({
      page: 'Overview',
      filters: { Date: 'In the last 30 days', Channel: 'Google Ads' },
    });

    // Saved as a bookmark: the app moves to the bookmark's route, the view kept in the address.
    const state = new URL(page.url()).searchParams.get('state');
    expect(state).toMatch(/\S/);
    expect(decodedState(state ?? '').filters).toEqual([
      {
        id: 'date',
        kind: 'relative_date',
        table: 'performance',
        column: 'date',
        operator: 'in_the_last',
        count: 30,
        unit: 'day',
      },
      expect.objectContaining({ id: 'channel', kind: 'list', mode: 'include', values: ['Google Ads'] }),
    ]);
    await dashboard.saveBookmark(BOOKMARK);
    await page.getByText('Added bookmark').waitFor();
    await page.waitForURL(/\/dashboard\/-maya\/bookmarks\/[^/?]+\?state=/);
    const saved = new URL(page.url());
    expect(saved.pathname).toMatch(new RegExp(`^/organization/${demo.slug}/dashboard/-maya/bookmarks/`));
    expect(saved.searchParams.get('state')).toBe(state);
    await dashboard.activeBookmark(BOOKMARK).waitFor();

    // A reload shows the same view.
    await page.reload();
    await dashboard.title('Marketing Performance').waitFor();
    await dashboard.activeBookmark(BOOKMARK).waitFor();
    expect(await dashboard.view(FILTERS, KPIS)).toEqual(filtered);

    // The bookmark's route alone, in a fresh page, applies it.
    const fresh = await page.context().newPage();
    try {
      const again = new DashboardPage(fresh, demo.slug);
      await fresh.goto(saved.pathname);
      await again.title('Marketing Performance').waitFor();
      await fresh.waitForURL(/\?state=/);
      await again.activeBookmark(BOOKMARK).waitFor();
      expect(await again.view(FILTERS, KPIS)).toEqual(filtered);
    } finally {
      await fresh.close();
    }

    // The AI Builder's built-in parser turns a prompt into a view, applied at once: "last month"
    // is the calendar month before this one, the Date filter closed on both sides.
    const month = lastMonth();
    const builder = new AiBuilder(page);
    await builder.open();
    await builder.ask('spend by campaign last month for Google Ads');
    await builder
      .message(
        new RegExp(
          `^Here is Spend by Campaign on the Overview page, in ${month.name}, where Channel is “Google Ads”\\.`,
        ),
      )
      .waitFor();
    await builder.close();
    await dashboard.openFilters();
    await dashboard.waitForFilterSummary('Date', month.summary);
    // Rows of campaigns: the overview's campaigns table (the Campaigns page lists ad groups).
    expect(await dashboard.currentPage()).toBe('Overview');
    expect(await dashboard.filterSummary('Channel')).toBe('Google Ads');
    await dashboard.waitForVisuals();
    expect(await dashboard.visualErrors().count()).toBe(0);
  }, 420_000); // the demo's first loads, then three openings of the dashboard, on a two-core machine

  test('an owner saves the view of -maya as a custom report and finds it under Custom Reports', async ({
    page,
    baseUrl,
  }) => {
    const { email, token } = await theUser(baseUrl);
    const organization = await createOrganization(baseUrl, token, 'Reports Journey');
    await signInBrowser(page, email);

    // Data first: one sandbox Google Ads account, loaded.
    await new SourcesPages(page, organization.slug).connectGoogleAdsAndLoad(
      email,
      'Acme Outdoor Germany',
      LOAD_TIMEOUT_MS,
    );

    // Edit mode: the Campaigns page over the last 90 days, saved as a new report.
    const dashboard = new DashboardPage(page, organization.slug);
    await dashboard.open('-maya', '/edit');
    await page.getByText('Editing', { exact: true }).waitFor();
    await dashboard.choosePage('Campaigns');
    await dashboard.openFilters();
    await dashboard.setRelativeDate('Date', 'In the last', 90, 'Days');
    await dashboard.waitForFilterSummary('Date', 'In the last 90 days');
    await dashboard.saveReportAs('Campaign review');

    // The app opens it: its own view is the one saved, and the sidebar lists it.
    await page.waitForURL(`**/organization/${organization.slug}/dashboard/campaign-review`);
    await dashboard.title('Campaign review').waitFor();
    const link = dashboard.sidebarReport('Custom Reports', 'Campaign review');
    await link.waitFor();
    expect(await link.getAttribute('aria-current')).toBe('page');
    expect(await dashboard.currentPage()).toBe('Campaigns');
    await dashboard.openFilters();
    expect(await dashboard.filterSummary('Date')).toBe('In the last 90 days');
    expect(await dashboard.resetButton().isDisabled()).toBe(true);
    await dashboard.waitForVisuals();
    expect(await dashboard.visualErrors().count()).toBe(0);
  }, 300_000); // a first load on a two-core machine
});
