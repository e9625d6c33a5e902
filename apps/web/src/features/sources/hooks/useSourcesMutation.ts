import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sourcesKeys } from '../api/keys';

/**
 * A call that changes the organization's sources (connect, delete, a setup screen's save): once
 * it succeeds, the accounts list and the sidebar's warnings are fetched again.
 */
export function useSourcesMutation<Input, Result>(
  organizationId: string,
  mutationFn: (input: Input) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKeys.organization(organizationId) }),
  });
}
