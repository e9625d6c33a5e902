import { accounts } from '@maya/contracts';
import { startTransition, useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { isApiError } from '../../shared/api/ApiError';
import { useOptionalQueryClient } from '../../shared/api/queryClientOnDemand';
import { mayHaveSession } from '../../shared/auth/session';
import { tokenStore } from '../../shared/auth/tokenStore';
import { clearUserIdCookie } from '../../shared/auth/userIdCookie';
import { PageLoader } from '../../shared/ui/PageLoader';
import { refreshSession } from './refreshSession';

type SessionBootstrapProps = {
  children: ReactNode;
  /** spec 000 §9: every 300000 ms. */
  intervalMs?: number;
  /**
   * The browser shows no sign of a session (`mayHaveSession`): there is nothing to wait for, so
   * the first page draws in the first render, as the build prerendered it (decision 815).
   */
  signedOut?: boolean;
};

/**
 * Token refresh on load and every 5 minutes (spec 000 §4). The app waits for the first attempt, so
 * a reload keeps a signed-in user signed in; a failed attempt is reported and ends the waiting
 * (the visitor is then signed out, and protected routes send them to sign in). A browser with no
 * sign of a session (`mayHaveSession`) is not asked about: its refresh could only answer 401,
 * and its first page draws at once.
 */
export function SessionBootstrap({
  children,
  intervalMs = accounts.tokenRefreshIntervalMs,
  signedOut = false,
}: SessionBootstrapProps) {
  const [ready, setReady] = useState(signedOut);
  // Nothing is cached before the query client loads (the sign-in page draws without it, decision
  // 700); read when needed, so its arrival does not restart the refresh.
  const queryClient = useOptionalQueryClient();
  const resetCache = useEffectEvent(() => queryClient?.resetQueries());

  useEffect(() => {
    let active = true;
    const refresh = async () => {
      // Signed out (no sign of a session): nothing to refresh.
      const outcome = mayHaveSession() ? await refreshSession() : null;
      if (outcome?.status === 'failed') {
        if (isApiError(outcome.error) && outcome.error.status === 401) {
          // No session behind the cookies: a stale user_id cookie would make every page ask again.
          if (tokenStore.get() === null) clearUserIdCookie();
        } else {
          console.warn('Token refresh failed', outcome.error);
        }
      } else if (outcome?.userChanged === true) {
        // Another account signed in from another tab: nothing cached belongs to this one.
        await resetCache();
      }
      // The first page renders in a transition, which React splits into short tasks (the browser
      // paints and answers input meanwhile); the loader stays on screen until it is ready.
      if (active) startTransition(() => setReady(true));
    };
    void refresh();
    const timer = window.setInterval(() => void refresh(), intervalMs);
    return () => {
      active = false;
      window.clearInterval(timer);
    };
  }, [intervalMs]);

  return ready ? children : <PageLoader label="Loading" />;
}
