import type { WordGroupInput } from '@maya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clustersKeys } from '../api/keys';
import { saveWordGroups } from '../api/wordGroups';

/** PUT /clustering/wordgroups; the columns are read again after, as deleted references change their rules. */
export function useSaveWordGroups(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groups, deleteReferences }: { groups: WordGroupInput[]; deleteReferences: boolean }) =>
      saveWordGroups(organizationId, groups, deleteReferences),
    onSuccess: (groups, { deleteReferences }) => {
      queryClient.setQueryData(clustersKeys.wordGroups(organizationId), groups);
      if (deleteReferences)
        void queryClient.invalidateQueries({ queryKey: clustersKeys.organization(organizationId) });
    },
  });
}
