import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { forgetCurrentOrganization } from '../organizations/currentOrganization';
import { requestLogout } from './logout';
import { endSession } from './session';

export type SignOutOptions = {
  /** Where to go afterwards; `/` by default (spec 000 §2 Sign-out). */
  to?: string;
  /** Navigation state for the destination, e.g. `{ destinations: true }`. */
  state?: unknown;
};

/**
 * Signs out on both sides (spec 000 §2 Sign-out): the server revokes the refresh cookie (a failure
 * there does not keep anyone signed in), the token and the user_id cookie go, the saved current
 * organization is forgotten, the browser moves on, and cached server data is dropped.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async ({ to = '/', state }: SignOutOptions = {}) => {
      await requestLogout().catch(() => undefined);
      endSession();
      forgetCurrentOrganization();
      await navigate(to, { replace: true, state });
      queryClient.clear();
    },
    [navigate, queryClient],
  );
}
