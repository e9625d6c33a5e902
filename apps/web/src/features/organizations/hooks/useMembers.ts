import { useQuery } from '@tanstack/react-query';
import { organizationKeys } from '../api/keys';
import { listMembers } from '../api/members';

/** GET /organizations/{id}/users. */
export function useMembers(organizationId: string) {
  return useQuery({
    queryKey: organizationKeys.members(organizationId),
    queryFn: () => listMembers(organizationId),
  });
}
