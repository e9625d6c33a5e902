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
