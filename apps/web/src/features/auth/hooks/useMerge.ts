import { accounts } from '@maya/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { authKeys } from '../api/keys';
import {
  checkMergeAccounts,
  getMergeRequest,
  mergeAccounts,
  requestMergeEmail,
  type MergeAccountsRequest,
  type MergeTarget,
} from '../api/merge';

/** POST /auth/request_merge_accounts_email. */
export function useRequestMergeEmail() {
  return useMutation({ mutationFn: (target: MergeTarget) => requestMergeEmail(target) });
}

/** GET /auth/merge_request: the account an e-mailed link would add (never retried: a bad link stays bad). */
export function useMergeRequest(requestId: string, email: string) {
  return useQuery({
    queryKey: authKeys.mergeRequest(requestId, email),
    queryFn: () => getMergeRequest({ request_id: requestId, email }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /auth/merge_accounts. */
export function useMergeAccounts() {
  return useMutation({ mutationFn: (request: MergeAccountsRequest) => mergeAccounts(request) });
}

type MergeStatusOptions = {
  /** Poll only once a merge link has been requested or a password set. */
  enabled: boolean;
  /** After a password is set the poll slows down (spec 000 §9: 3 s, then 5 s). */
  afterPasswordSet: boolean;
};

/**
 * GET /auth/check_merge_accounts, polled every 3 s (5 s after a password is set) until the merge
 * is done (spec 000 §4). Keeps polling in a background tab: the merge happens in another one.
 */
export function useMergeStatus(
  target: MergeTarget | null,
  { enabled, afterPasswordSet }: MergeStatusOptions,
) {
  const interval = afterPasswordSet ? accounts.mergePollAfterPasswordMs : accounts.mergePollMs;
  return useQuery({
    queryKey: authKeys.mergeStatus(target?.email ?? '', target?.provider ?? 'maya'),
    queryFn: () => {
      if (target === null) throw new Error('No merge to check');
      return checkMergeAccounts(target);
    },
    enabled: enabled && target !== null,
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data?.is_merged === true ? false : interval),
    refetchIntervalInBackground: true,
  });
}
