import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sourcesKeys } from '../api/keys';
import { connectAccounts, type ConnectAccountsInput } from '../api/serviceAccounts';

/** POST /service_accounts; the sources list and the warnings are refreshed afterwards. */
export function useConnectAccounts(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<ConnectAccountsInput, 'organizationId'>) =>
      connectAccounts({ organizationId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKeys.organization(organizationId) }),
  });
}
