import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { assistantAuthKeys, listAuthorizations, revokeAuthorization } from '../api/authorizations';

/** GET /assistant/authorizations. */
export function useAuthorizations(organizationId: string) {
  return useQuery({
    queryKey: assistantAuthKeys.authorizations(organizationId),
    queryFn: () => listAuthorizations(organizationId),
  });
}

/** DELETE /assistant/authorizations/{id}; the list is read again afterwards. */
export function useRevokeAuthorization(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeAuthorization(organizationId, id),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: assistantAuthKeys.authorizations(organizationId) }),
  });
}
