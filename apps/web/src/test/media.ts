import { vi } from 'vitest';

/**
 * Answers the page's media queries as a given screen would (jsdom has no screen): `matches` says
 * which queries hold, e.g. a phone's `(max-width: 766.98px)` or a touch screen's `(hover: none)`.
 * Restored by `vi.restoreAllMocks()`.
 */
export function mockMediaQueries(matches: (query: string) => boolean): void {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: matches(query),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}
