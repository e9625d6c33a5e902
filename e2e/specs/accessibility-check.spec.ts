// The accessibility check every journey runs (support/accessibility.ts) catches a violation that
// stays, and drops one the page had only for a moment (a hover transition, a toast fading out):
// on a busy machine axe can read such a moment, and a journey must not fail on it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, confirmed, readViolations } from '../support/accessibility';
import { launchBrowser } from '../support/browser';

const PAGE = `<!doctype html><html lang="en"><head><title>Check</title></head><body><main>
  <h1>Check</h1><p id="faint" style="color:#bbbbbb;background:#ffffff">Faint text on white</p>
</main></body></html>`;

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
});
afterAll(async () => {
  await browser.close();
});

describe('the accessibility check', () => {
  it('reports a contrast violation the page keeps', async () => {
    await page.setContent(PAGE);
    const violations = await accessibilityViolations(page);
    expect(violations.map((v) => v.id)).toEqual(['color-contrast']);
    expect(violations[0]?.nodes.map((n) => n.target.join(' '))).toEqual(['#faint']);
  });

  it('drops a violation gone by the second reading', async () => {
    await page.setContent(PAGE);
    const first = await readViolations(page);
    expect(first.map((v) => v.id)).toEqual(['color-contrast']);
    await page.evaluate("document.getElementById('faint').style.color = '#111111'");
    expect(await confirmed(page, first)).toEqual([]);
  });
});
