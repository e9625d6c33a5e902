import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React takes over markup the build drew (decision 815), true once the page answers
 * its own events, and at once on a page the browser draws itself. A button that needs the app's
 * script is disabled until then: the sign-in form's, whose native submission would send the
 * fields to the page's address in the clear.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
