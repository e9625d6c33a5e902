import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router';

/**
 * Leaving with unsaved changes asks first (spec 001 §2, §4): in-app navigation is held for the
 * confirmation dialog, and the browser warns before the tab is closed or reloaded. A move inside
 * the same path (its search or hash) is not leaving.
 */
export function useLeaveGuard(dirty: boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}
