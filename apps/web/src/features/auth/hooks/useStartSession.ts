import { useCallback } from 'react';
import { useOptionalQueryClient } from '../../../shared/api/queryClientOnDemand';
import { startSession } from '../../../shared/auth/session';
import type { AuthToken } from '../../../shared/auth/tokenStore';

/**
 * Starts a session from fresh token data (spec 000 §4 "Sign-in success"): stores the token and the
 * user_id cookie and drops every cached query of a previous session (none before the query client
 * loads: the sign-in page draws without it, decision 700).
 */
export function useStartSession(): (token: AuthToken) => void {
  const queryClient = useOptionalQueryClient();
  return useCallback(
    (token: AuthToken) => {
      startSession(token);
      queryClient?.removeQueries();
    },
    [queryClient],
  );
}
