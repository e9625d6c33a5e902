import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, inject } from 'vitest';
import { createVerifiedUser, signInBrowser, uniqueEmail, waitForDemoData } from '../support/api';
import { test } from '../support/browser';
import { DashboardPage } from '../pages/DashboardPage';

/**
 * The demo's first loads start with the app: a minute on a quiet machine, over four when five
 * other builds share its two cores (measured). Waited for once, before the first test.
 */
const LOAD_TIMEOUT_MS = 540_000;
/** Every page of a report at one width: a few pages, each waiting for all its queries. */
const REPORT_TIMEOUT_MS = 240_000;
/** Kept after the run (gitignored): one PNG per report, page and width, for people to look at. */
const SHOTS_DIR = fileURLToPath(new URL('../artifacts/report-screenshots/', import.meta.url));
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const REPORTS = ['-maya', '-seo-v1'] as const;

/** One user for every test (sign-ups are rate-limited per address). */
let user: Promise<{ email: string; token: string }> | null = null;
function theUser(baseUrl: string) {
  user ??= (async () => {
    const email = uniqueEmail('screenshots');
    return { email, token: await createVerifiedUser(baseUrl, email) };
  })();
  return user;
}

const fileName = (text: string) => text.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-+|-+$/g, '');

/**
 * Issue 23's artifact: every page of the built-in reports on the demo organization, at desktop
 * and phone widths, saved under e2e/artifacts/report-screenshots/ for review, each page asserted
 * to have drawn its visuals without an error card.
 */
describe('report screenshots', () => {
  let demo: { id: string; slug: string };
  beforeAll(async () => {
    const baseUrl = inject('baseUrl');
    demo = await waitForDemoData(baseUrl, (await theUser(baseUrl)).token, LOAD_TIMEOUT_MS);
  }, LOAD_TIMEOUT_MS + 60_000);

  for (const report of REPORTS) {
    for (const viewport of WIDTHS) {
      test(
        `every page of ${report} at ${viewport.width} px renders its visuals`,
        { timeout: REPORT_TIMEOUT_MS },
        async ({ page, baseUrl }) => {
          const { email } = await theUser(baseUrl);
          await page.setViewportSize(viewport);
          await signInBrowser(page, email);
          const dashboard = new DashboardPage(page, demo.slug);
          await dashboard.open(report);
          await dashboard.waitForAllVisuals();
          const names = await dashboard.pageNames();
          expect(names.length).toBeGreaterThan(0);
          await mkdir(SHOTS_DIR, { recursive: true });
          for (const name of names) {
            if ((await dashboard.currentPage()) !== name) await dashboard.choosePage(name);
            await dashboard.waitForAllVisuals();
            expect(await dashboard.visuals().count(), `visuals on ${name}`).toBeGreaterThan(0);
            expect(await dashboard.visualErrors().allInnerTexts(), `errors on ${name}`).toEqual([]);
            await page.screenshot({
              path: `${SHOTS_DIR}${fileName(report)}--${fileName(name)}--${viewport.width}.png`,
              fullPage: true,
              // A whole page's pixels, on a machine shared with other builds.
              timeout: 60_000,
            });
          }
        },
      );
    }
  }
});
