import { useQuery } from '@tanstack/react-query';
import { settingsKeys } from '../api/keys';
import { listInvitations } from '../api/invitations';

/** GET /invitations?organization_id=: the pending invitations. */
export function useInvitations(organizationId: string) {
  return useQuery({
    queryKey: settingsKeys.invitations(organizationId),
    queryFn: () => listInvitations(organizationId),
  });
}
