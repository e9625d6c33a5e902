/**
 * Leaves the SPA for another address (an OAuth consent page, a checkout...). A module of its own so
 * tests can replace it: jsdom does not navigate.
 */
export function navigateExternal(url: string): void {
  window.location.assign(url);
}
