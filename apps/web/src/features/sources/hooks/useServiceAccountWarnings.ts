import { useQuery } from '@tanstack/react-query';
import { sourcesKeys } from '../api/keys';
import { getServiceAccountWarnings } from '../api/serviceAccounts';

/**
 * GET /service_accounts/warnings: how many accounts failed or need reconnecting (the sidebar's
 * warning icon). `enabled` false skips the call (demo organizations have no sources).
 */
export function useServiceAccountWarnings(organizationId: string, enabled = true) {
  return useQuery({
    queryKey: sourcesKeys.warnings(organizationId),
    queryFn: () => getServiceAccountWarnings(organizationId),
    enabled,
    retry: false,
  });
}

/**
 * The sidebar's warning on Sources (accounts that failed or need reconnecting). Beside the hook
 * rather than in messages.ts: the shell shows it on every page, and would take every message of
 * the sources screens with it.
 */
export function sourcesWarningLabel(count: number): string {
  return count === 1 ? '1 source account needs attention' : `${count} source accounts need attention`;
}
