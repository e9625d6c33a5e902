import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setCurrentOrganizationSlug } from '../../../shared/organizations/currentOrganization';
import { userKeys } from '../../../shared/user/keys';
import { createOrganization } from '../api/organizations';
import { organizationKeys } from '../api/keys';

/**
 * POST /organizations. The new organization becomes the current one, and the organization list
 * (and the user's organizations_count) are fetched again before `onSuccess` callers navigate.
 */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createOrganization(name),
    onSuccess: async (created) => {
      setCurrentOrganizationSlug(created.slug);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]);
    },
  });
}
