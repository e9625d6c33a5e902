import { describe, expect } from 'vitest';
import { createVerifiedUser, signInBrowser, uniqueEmail, waitForDemoData } from '../support/api';
import { test } from '../support/browser';
import { AiBuilder } from '../pages/AiBuilder';
import { DashboardPage } from '../pages/DashboardPage';

/** The demo's first loads start with the app (about a minute on a busy machine). */
const LOAD_TIMEOUT_MS = 240_000;

/** The report state a dashboard's address carries (`?state=`): base64url of its JSON. */
function decodedState(encoded: string): { page: string; filters: Record<string, unknown>[] } {
  return JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as {
    page: string;
    filters: Record<string, unknown>[];
  };
}

describe('AI Builder', () => {
  test('a prompt with a country by its name and a typo opens the view it asks for', async ({
    page,
    baseUrl,
  }) => {
    const email = uniqueEmail('ai-builder');
    const token = await createVerifiedUser(baseUrl, email);
    const demo = await waitForDemoData(baseUrl, token, LOAD_TIMEOUT_MS);
    await signInBrowser(page, email);
    const dashboard = new DashboardPage(page, demo.slug);
    await dashboard.open('-seo-v1');
    await dashboard.waitForVisuals();

    // "Germnay" is Germany, stored as its ISO code; "clciks" is clicks; the last 7 days.
    const builder = new AiBuilder(page);
    await builder.open();
    await builder.ask('clciks from Germnay in the last 7 days');
    await builder
      .message(
        /^Here is Clicks on the Overview page, in the last 7 days, where Country is “Germany \(deu\)”\. Read “clciks” as “click” and “Germnay” as “germany”\.$/,
      )
      .waitFor();
    await builder.close();

    // Applied at once: the address carries the view, the filters pane shows it.
    await page.waitForURL(/\?state=/);
    const state = decodedState(new URL(page.url()).searchParams.get('state') ?? '');
    expect(state.page).toBe('overview');
    expect(state.filters).toContainEqual(
      expect.objectContaining({ id: 'country', kind: 'list', mode: 'include', values: ['deu'] }),
    );
    expect(state.filters).toContainEqual(
      expect.objectContaining({
        id: 'date',
        kind: 'relative_date',
        operator: 'in_the_last',
        count: 7,
        unit: 'day',
      }),
    );
    await dashboard.openFilters();
    await dashboard.waitForFilterSummary('Country', 'Germany');
    await dashboard.waitForFilterSummary('Date', 'In the last 7 days');
    await dashboard.waitForVisuals();
    expect(await dashboard.visualErrors().count()).toBe(0);

    // A platform the organization has no data of is refused with the spec's tip, and the view stays.
    await builder.open();
    await builder.send('TikTok spend last month');
    await builder.message(/^Error generating bookmark$/).waitFor({ timeout: 60_000 });
    await builder.message(/^This organization has no TikTok data\./).waitFor();
    await builder.message(/^Try rephrasing your prompt\.$/).waitFor();
    await builder.close();
    expect(decodedState(new URL(page.url()).searchParams.get('state') ?? '').filters).toEqual(state.filters);
  }, 360_000); // the demo's first loads, then the dashboard, on a two-core machine
});
