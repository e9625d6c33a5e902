import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject, test as base } from 'vitest';
import { checkEveryPage, describeViolations } from './accessibility';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts/', import.meta.url));
/**
 * Playwright's wait for one action or locator: a failure detector, not a measure. Sized for two
 * whole test runs at once on two cores (issue 25), where a dashboard took over 15 s to draw, and
 * well inside the 180 s test timeout, so that a failure names its step.
 */
export const ACTION_TIMEOUT_MS = 45_000;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * The specs' `test`: `baseUrl` of the app under test, one browser per spec file, and for each
 * test a fresh context (no cookies, no storage) and page whose relative URLs resolve against the
 * app. Every page of the app that the context's tabs show is checked with axe-core
 * (`checkEveryPage`): a test that passed fails at its end with the list of serious or critical
 * WCAG 2.1 AA violations found. A failed test leaves a screenshot in
 * e2e/artifacts/<spec>--<test name>.png.
 */
export const test = base
  .extend('baseUrl', { scope: 'worker' }, () => inject('baseUrl'))
  // Vitest reads a fixture's dependencies from its destructuring pattern: `{}` means "none".
  // eslint-disable-next-line no-empty-pattern
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('page', async ({ browser, baseUrl, task }, { onCleanup }) => {
    const context = await browser.newContext({ baseURL: baseUrl });
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    const accessibility = checkEveryPage(context, new URL(baseUrl).origin);
    const page = await context.newPage();
    onCleanup(async () => {
      const journey = path.basename(task.file.name).replace(/\.spec\.ts$/, '');
      const name = `${journey}--${fileNameOf(task.fullTestName ?? task.name)}`;
      if (task.result?.state === 'fail') {
        await saveScreenshot(page, name);
        await context.close();
        return;
      }
      try {
        const violations = await accessibility.finish();
        if (violations.length === 0) return;
        await saveScreenshot(page, name);
        throw new Error(describeViolations(violations));
      } finally {
        await context.close();
      }
    });
    return page;
  });

async function saveScreenshot(page: Page, name: string): Promise<void> {
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  try {
    await mkdir(ARTIFACTS_DIR, { recursive: true });
    await page.screenshot({ path: file, fullPage: true });
    console.error(`screenshot of the failed test: ${path.relative(process.cwd(), file)}`);
  } catch (error) {
    console.error(`could not save a screenshot of the failed test to ${file}: ${String(error)}`);
  }
}

function fileNameOf(testName: string): string {
  return (
    testName
      .replace(/[^a-zA-Z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 120) || 'test'
  );
}
