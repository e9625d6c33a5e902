import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/**
 * A record of how a screen looks at the two widths every changed screen is checked at (1440 and
 * 390 px), full page, under `e2e/artifacts/<area>/<name>--<width>.png`.
 */
export async function screenshots(page: Page, area: string, name: string): Promise<void> {
  const dir = fileURLToPath(new URL(`../artifacts/${area}/`, import.meta.url));
  await mkdir(dir, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // The shell collapses its sidebar below 767 px: wait for its transition to end.
    // A function, not a string: the app's CSP forbids the eval a string predicate needs.
    await page.waitForFunction(() => {
      type Animations = { document: { getAnimations(): { playState: string }[] } };
      return (globalThis as unknown as Animations).document
        .getAnimations()
        .every((animation) => animation.playState !== 'running');
    });
    await page.screenshot({ path: `${dir}${name}--${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
