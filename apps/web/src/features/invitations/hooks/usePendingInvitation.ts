import { useQuery } from '@tanstack/react-query';
import { getPendingInvitation, type InvitationRef } from '../api/invitations';
import { invitationKeys } from '../api/keys';

/** GET /invitations/{id}: whom a pending invitation is for (public). */
export function usePendingInvitation(ref: InvitationRef, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: invitationKeys.pending(ref.inviteId, ref.organizationSlug),
    queryFn: () => getPendingInvitation(ref),
    enabled,
  });
}
