import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteBookmark, type DeleteBookmarkInput } from '../api/bookmarks';
import { bookmarkKeys } from '../api/keys';

/** DELETE /bookmarks/{id}; the organization's bookmark lists are read again after it. */
export function useDeleteBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteBookmarkInput) => deleteBookmark(input),
    onSuccess: (_nothing, input) =>
      queryClient.invalidateQueries({ queryKey: bookmarkKeys.organization(input.organizationId) }),
  });
}
