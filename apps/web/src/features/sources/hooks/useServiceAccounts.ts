import { useQuery } from '@tanstack/react-query';
import { sourcesKeys } from '../api/keys';
import { listServiceAccounts } from '../api/serviceAccounts';

/** GET /service_accounts: the organization's connected accounts. */
export function useServiceAccounts(organizationId: string) {
  return useQuery({
    queryKey: sourcesKeys.accounts(organizationId),
    queryFn: () => listServiceAccounts(organizationId),
  });
}
