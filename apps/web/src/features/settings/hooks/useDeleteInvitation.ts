import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsKeys } from '../api/keys';
import { deleteInvitation } from '../api/invitations';

/** DELETE /invitations/{uuid}; refreshes the pending list once it succeeds. */
export function useDeleteInvitation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => deleteInvitation({ organizationId, uuid }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.invitations(organizationId) }),
  });
}
