import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setCurrentOrganizationSlug } from '../../../shared/organizations/currentOrganization';
import { userKeys } from '../../../shared/user/keys';
import { organizationKeys } from '../../organizations';
import { acceptInvitation, type InvitationRef } from '../api/invitations';
import { invitationKeys } from '../api/keys';
import { isAlreadyAccepted } from '../messages';

/**
 * POST /invitations/accept. An invitation accepted before counts as success (spec 000 §4): the
 * answer is then the invitation's own organization. The joined organization becomes current.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ref: InvitationRef): Promise<string> => {
      try {
        return await acceptInvitation(ref);
      } catch (error) {
        if (isAlreadyAccepted(error)) return ref.organizationSlug;
        throw error;
      }
    },
    onSuccess: async (organizationSlug) => {
      setCurrentOrganizationSlug(organizationSlug);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
      ]);
    },
  });
}
