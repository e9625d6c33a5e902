import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { createVerifiedUser, signInBrowser, uniqueEmail, waitForDemoData } from '../support/api';
import { test } from '../support/browser';
import { AiBuilder } from '../pages/AiBuilder';
import { DashboardPage } from '../pages/DashboardPage';

/** The demo's first loads start with the app (minutes on a busy machine). */
const LOAD_TIMEOUT_MS = 240_000;
/** Kept after the run (gitignored): the dashboard with the ad-hoc visual, for people to look at. */
const SHOTS_DIR = fileURLToPath(new URL('../artifacts/adhoc-screenshots/', import.meta.url));
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** The ad-hoc visual's section and its card, named for the question. */
const section = (page: Page) => page.getByRole('region', { name: 'Answer to your prompt' });
const card = (page: Page) => section(page).getByRole('region', { name: 'CTR by channel' });

/** The state the address carries (`?state=`), decoded. */
function stateOf(url: string): { page: string; adhoc?: { page: string; visual: Record<string, unknown> } } {
  const encoded = new URL(url).searchParams.get('state') ?? '';
  return JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as ReturnType<typeof stateOf>;
}

describe('AI Builder', () => {
  test('a prompt no visual answers opens an ad-hoc visual that a bookmark and a link keep', async ({
    page,
    baseUrl,
  }) => {
    const email = uniqueEmail('ai-builder-adhoc');
    const token = await createVerifiedUser(baseUrl, email);
    const demo = await waitForDemoData(baseUrl, token, LOAD_TIMEOUT_MS);
    await signInBrowser(page, email);
    const dashboard = new DashboardPage(page, demo.slug);
    await dashboard.open('-demo');
    await dashboard.waitForVisuals();

    // The demo report shows clicks by channel and CTR by campaign type, never CTR by channel.
    const builder = new AiBuilder(page);
    await builder.open();
    await builder.ask('ctr by chanel last month');
    await builder
      .message(/^Here is CTR by channel, in a new visual at the top of the Performance page, in \w+ \d{4}\./)
      .waitFor();
    await builder.close();

    await page.waitForURL(/\?state=/);
    const state = stateOf(page.url());
    expect(state.adhoc).toMatchObject({
      page: 'performance',
      visual: { kind: 'bar', axis: { name: 'channel', grain: null }, measures: ['ctr'] },
    });
    await card(page).waitFor();
    await dashboard.waitForAllVisuals();
    expect(await dashboard.visualErrors().allInnerTexts()).toEqual([]);
    // Drawn: a bar per channel of the demo's data, the chart's table one toggle away.
    await card(page).getByRole('button', { name: 'Show as table' }).click();
    const rows = card(page).getByRole('table').getByRole('row');
    await rows.nth(1).waitFor();
    expect(await card(page).getByRole('table').innerText()).toMatch(/Google Ads[\s\S]*%/);
    await card(page).getByRole('button', { name: 'Show as table' }).click();

    await mkdir(SHOTS_DIR, { recursive: true });
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await dashboard.waitForAllVisuals();
      await page.screenshot({
        path: `${SHOTS_DIR}demo-adhoc--${viewport.width}.png`,
        fullPage: true,
        timeout: 60_000,
      });
    }
    await page.setViewportSize(WIDTHS[0]);

    // Saved as a bookmark, it opens again with the ad-hoc visual.
    const shared = page.url();
    await dashboard.saveBookmark('CTR by channel last month');
    await dashboard.activeBookmark('CTR by channel last month').waitFor();
    await dashboard.open('-demo');
    expect(await section(page).count()).toBe(0);
    await dashboard.open('-demo', '/bookmarks/ctr-by-channel-last-month');
    await card(page).waitFor();

    // A shared link opens it too; the user removes it, and the view is the page's own.
    await page.goto(shared);
    await card(page).waitFor();
    await section(page).getByRole('button', { name: 'Remove this visual' }).click();
    await section(page).waitFor({ state: 'detached' });
    await page.waitForURL((url) => !url.searchParams.has('state') || stateOf(url.href).adhoc === undefined);
    expect(await dashboard.currentPage()).toBe('Performance');
  }, 420_000); // the demo's first loads, then the dashboard, on a two-core machine
});
