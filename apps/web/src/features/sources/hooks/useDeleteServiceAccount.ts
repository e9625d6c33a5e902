import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sourcesKeys } from '../api/keys';
import { deleteServiceAccount } from '../api/serviceAccounts';

/** DELETE /service_accounts; refreshes the accounts and the warnings once it succeeds. */
export function useDeleteServiceAccount(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => deleteServiceAccount({ organizationId, uuid }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKeys.organization(organizationId) }),
  });
}
