import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { startSession } from '../../../shared/auth/session';
import type { AuthToken } from '../../../shared/auth/tokenStore';

/**
 * Starts a session from fresh token data (spec 000 §4 "Sign-in success"): stores the token and the
 * user_id cookie and drops every cached query of a previous session.
 */
export function useStartSession(): (token: AuthToken) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (token: AuthToken) => {
      startSession(token);
      queryClient.removeQueries();
    },
    [queryClient],
  );
}
