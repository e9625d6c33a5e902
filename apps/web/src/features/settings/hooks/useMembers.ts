import { useQuery } from '@tanstack/react-query';
import { settingsKeys } from '../api/keys';
import { listMembers } from '../api/members';

/** GET /organizations/{id}/users. */
export function useMembers(organizationId: string) {
  return useQuery({
    queryKey: settingsKeys.members(organizationId),
    queryFn: () => listMembers(organizationId),
  });
}
