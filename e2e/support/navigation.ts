import type { Page } from 'playwright-core';

/**
 * Records every path the page's main frame goes to from now on, client-side history changes
 * (pushState, replaceState) included, so a test can tell that a redirect passed through a path.
 */
export function recordPaths(page: Page): readonly string[] {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return paths;
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
