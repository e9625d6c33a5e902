/**
 * The router state a reload navigates with (spec 002 §4 "Reload clears the active bookmark and
 * reloads the report"): the toolbar clears its active bookmark and the plain dashboard route does
 * not apply the default bookmark again.
 */
export const RELOAD_STATE = { bookmarks: 'reload' } as const;

export function isReloadState(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { bookmarks?: unknown }).bookmarks === RELOAD_STATE.bookmarks
  );
}

/**
 * The dashboard keeps its view in the address (`?state=`): a reload of the browser or a shared
 * link shows that view, so the route's bookmark is then only named, not applied over it.
 */
export const ADDRESS_STATE_PARAM = 'state';
