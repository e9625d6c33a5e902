import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startSession } from '../../../shared/auth/session';
import { createMonaSubscription } from '../api/subscriptions';

/**
 * POST /subscriptions/mona/create {state, code}. On success the buyer's session starts (token,
 * user_id cookie) and every cached query of a previous session is dropped (spec 000 §4).
 */
export function useCreateMonaSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { state: string; code: string }) => createMonaSubscription(request),
    onSuccess: ({ token }) => {
      startSession(token);
      queryClient.removeQueries();
    },
  });
}
