import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sourcesKeys } from '../api/keys';
import { verifyUniqueAccount, type UniqueAccountInput } from '../api/setup';

/** POST /services/{id}/unique_account (GA4 events). */
export function useVerifyUniqueAccount(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<UniqueAccountInput, 'organizationId'>) =>
      verifyUniqueAccount({ organizationId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKeys.organization(organizationId) }),
  });
}
