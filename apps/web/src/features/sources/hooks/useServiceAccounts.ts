import { useQuery } from '@tanstack/react-query';
import { sourcesKeys } from '../api/keys';
import { listServiceAccounts } from '../api/serviceAccounts';

/** How often the list is read again while an account's load (or its backfill) is under way. */
export const SYNC_POLL_MS = 5_000;

/**
 * GET /service_accounts: the organization's connected accounts. While a load is under way the
 * list is read again, so each account's status follows it (pending, running, then finished or
 * failed) without a reload, and so does an account's backfill of its older history (decision 661).
 */
export function useServiceAccounts(organizationId: string) {
  return useQuery({
    queryKey: sourcesKeys.accounts(organizationId),
    queryFn: () => listServiceAccounts(organizationId),
    refetchInterval: (query) =>
      query.state.data?.some(
        (account) =>
          account.sync_status === 'pending' ||
          account.sync_status === 'running' ||
          (account.backfill_percent !== null && account.sync_status !== 'failed'),
      )
        ? SYNC_POLL_MS
        : false,
  });
}
