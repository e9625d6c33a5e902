import { useContext, useEffect, useState } from 'react';
import {
  UNSAFE_NavigationContext as NavigationContext,
  useLocation,
  type Navigator,
  type To,
} from 'react-router';

/** A held navigation: `proceed` goes on with it, `reset` stays on the page. */
export type LeaveBlocker =
  | { state: 'unblocked'; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; proceed: () => void; reset: () => void };

const UNBLOCKED: LeaveBlocker = { state: 'unblocked' };

/** The index the router's browser history keeps in each entry's state (undefined in memory). */
function historyIndex(): number | undefined {
  const state: unknown = window.history.state;
  const idx = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === 'number' ? idx : undefined;
}

function pathnameOf(to: To): string | undefined {
  return typeof to === 'string' ? new URL(to, window.location.href).pathname : to.pathname;
}

/**
 * Sends the router history's `push` and `replace` through `guard`, which calls `go` to let one
 * happen, until the answered function puts them back.
 */
type Options = Parameters<Navigator['push']>[2];

function interceptNavigation(history: Navigator, guard: (to: To, go: () => void) => void): () => void {
  const push = history.push.bind(history);
  const replace = history.replace.bind(history);
  Object.assign(history, {
    push: (to: To, state?: unknown, options?: Options) => guard(to, () => push(to, state, options)),
    replace: (to: To, state?: unknown, options?: Options) => guard(to, () => replace(to, state, options)),
  });
  return () => Object.assign(history, { push, replace });
}

/**
 * Leaving with unsaved changes asks first (spec 001 §2, §4): in-app navigation is held for the
 * confirmation dialog, and the browser warns before the tab is closed or reloaded. A move inside
 * the same path (its search or hash) is not leaving.
 *
 * The app's router is declarative (decision 411), which has no `useBlocker`: while the page is
 * dirty, the router's history has its `push` and `replace` held here, and the browser's back and
 * forward buttons are undone (the router does not see them) until Leave replays them.
 */
export function useLeaveGuard(dirty: boolean): LeaveBlocker {
  const { navigator } = useContext(NavigationContext);
  const { pathname, key } = useLocation();
  const [blocker, setBlocker] = useState<LeaveBlocker>(UNBLOCKED);

  useEffect(() => {
    if (!dirty) return;
    const hold = (go: () => void) =>
      setBlocker({
        state: 'blocked',
        proceed: () => {
          restore();
          setBlocker(UNBLOCKED);
          go();
        },
        reset: () => setBlocker(UNBLOCKED),
      });
    const release = interceptNavigation(navigator, (to, go) => {
      if (pathnameOf(to) === pathname) go();
      else hold(go);
    });

    // Back or forward: undone before the router sees it, and replayed by Leave.
    const here = historyIndex();
    let undoing = false;
    const onPopState = (event: PopStateEvent) => {
      const there = historyIndex();
      if (undoing) {
        undoing = false;
        event.stopImmediatePropagation();
        return;
      }
      if (here === undefined || there === undefined || window.location.pathname === pathname) return;
      event.stopImmediatePropagation();
      undoing = true;
      window.history.go(here - there);
      hold(() => window.history.go(there - here));
    };
    window.addEventListener('popstate', onPopState, { capture: true });

    function restore() {
      release();
      window.removeEventListener('popstate', onPopState, { capture: true });
    }
    return restore;
  }, [dirty, navigator, pathname, key]);

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
