import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsKeys } from '../api/keys';
import { createInvitation } from '../api/invitations';

/** POST /invitations; refreshes the pending list once it succeeds. */
export function useCreateInvitation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => createInvitation({ organizationId, email }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.invitations(organizationId) }),
  });
}
