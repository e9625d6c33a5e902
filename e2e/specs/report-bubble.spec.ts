// The AI Builder's bubble floats over the dashboard's bottom right corner (decision 433): on a
// wide screen it covers no visual wherever the page is scrolled, on a phone nothing once the page
// is scrolled to its end. Checked on -maya's Channels page and its wide Daily performance table.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, beforeAll } from 'vitest';
import { createVerifiedUser, signInBrowser, uniqueEmail, waitForDemoData } from '../support/api';
import { test } from '../support/browser';
import { DashboardPage } from '../pages/DashboardPage';

/** The demo's first loads start with the app (see report-screenshots.spec.ts). */
const LOAD_TIMEOUT_MS = 540_000;
const SHOTS_DIR = fileURLToPath(new URL('../artifacts/reports/', import.meta.url));

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** What these checks read of the page's DOM (the e2e code is typed without the DOM's types). */
type Rect = Box & { top: number; bottom: number; left: number; right: number };
type Element = {
  getBoundingClientRect(): Rect;
  textContent: string | null;
  scrollHeight: number;
  scrollWidth: number;
  scrollTo(to: { top: number; left?: number }): void;
  scrollIntoView(options: { block: 'end' }): void;
};
type Window = {
  innerWidth: number;
  innerHeight: number;
  getComputedStyle(element: Element): { overflowX: string; overflowY: string };
  document: { querySelectorAll(selector: string): Iterable<Element>; scrollingElement: Element | null };
};

/** The visuals' cells, texts and controls in the window, with their boxes (a visual is a section). */
async function contentInView(page: Page): Promise<(Box & { text: string })[]> {
  return page.evaluate(() => {
    const window = globalThis as unknown as Window;
    const inView = (r: Rect) =>
      r.width > 0 &&
      r.height > 0 &&
      r.bottom > 0 &&
      r.right > 0 &&
      r.top < window.innerHeight &&
      r.left < window.innerWidth;
    return [...window.document.querySelectorAll('section[aria-label] :is(td, th, button, a, canvas, p)')]
      .map((element) => ({ element, rect: element.getBoundingClientRect() }))
      .filter(({ rect }) => inView(rect))
      .map(({ element, rect }) => ({
        x: rect.x,
        y: rect.y,
        width: rect.width,
        height: rect.height,
        text: (element.textContent ?? '').trim().slice(0, 40),
      }));
  });
}

/** Scrolls every table of the page to its last column and its last rows. */
async function scrollTablesToTheirEnds(page: Page): Promise<void> {
  await page.evaluate(() => {
    const window = globalThis as unknown as Window;
    for (const element of window.document.querySelectorAll('section[aria-label] *')) {
      const style = window.getComputedStyle(element);
      if (/(auto|scroll)/.test(style.overflowX + style.overflowY)) {
        element.scrollTo({ top: element.scrollHeight, left: element.scrollWidth });
      }
    }
  });
}

/** Scrolls the page to its end. */
async function scrollToTheEnd(page: Page): Promise<void> {
  await page.evaluate(() => {
    const scrolling = (globalThis as unknown as Window).document.scrollingElement;
    scrolling?.scrollTo({ top: scrolling.scrollHeight });
  });
}

describe('the AI Builder bubble', () => {
  let demo: { id: string; slug: string };
  let email = '';
  beforeAll(async () => {
    const baseUrl = inject('baseUrl');
    email = uniqueEmail('bubble');
    const token = await createVerifiedUser(baseUrl, email);
    demo = await waitForDemoData(baseUrl, token, LOAD_TIMEOUT_MS);
  }, LOAD_TIMEOUT_MS + 60_000);

  /** Signed in, on -maya's Channels page with every visual answered. */
  async function openChannels(page: Page, viewport: { width: number; height: number }) {
    await page.setViewportSize(viewport);
    await signInBrowser(page, email);
    const dashboard = new DashboardPage(page, demo.slug);
    await dashboard.open('-maya');
    await dashboard.choosePage('Channels');
    await dashboard.waitForAllVisuals();
    await scrollTablesToTheirEnds(page);
    return page.getByRole('button', { name: 'Open the AI Builder' });
  }

  async function expectNothingUnder(page: Page, bubble: Locator, shot: string): Promise<void> {
    const content = await contentInView(page);
    await mkdir(SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: `${SHOTS_DIR}${shot}.png` });
    const box = await bubble.boundingBox();
    expect(box).not.toBeNull();
    expect(content.length).toBeGreaterThan(0);
    expect(content.filter((item) => overlaps(item, box as Box))).toEqual([]);
  }

  test('covers no column of a wide table while the page scrolls, at 1440 px', async ({ page }) => {
    const bubble = await openChannels(page, { width: 1440, height: 900 });
    // The Daily performance table read down to its last rows: its bottom at the window's bottom.
    const daily = page.getByRole('region', { name: 'Daily performance' });
    await daily.evaluate((element) => (element as unknown as Element).scrollIntoView({ block: 'end' }));
    await expectNothingUnder(page, bubble, 'channels-bubble-daily--1440');
    await scrollToTheEnd(page);
    await expectNothingUnder(page, bubble, 'channels-bubble-end--1440');
  }, 240_000);

  test('covers nothing of the report scrolled to its end, at 390 px', async ({ page }) => {
    const bubble = await openChannels(page, { width: 390, height: 844 });
    await scrollToTheEnd(page);
    await expectNothingUnder(page, bubble, 'channels-bubble-end--390');
  }, 240_000);
});
