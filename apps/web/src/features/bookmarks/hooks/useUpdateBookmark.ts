import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateBookmark, type UpdateBookmarkInput } from '../api/bookmarks';
import { bookmarkKeys } from '../api/keys';

/** PATCH /bookmarks/{id}; the organization's bookmark lists are read again after it. */
export function useUpdateBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateBookmarkInput) => updateBookmark(input),
    onSuccess: (_updated, input) =>
      queryClient.invalidateQueries({ queryKey: bookmarkKeys.organization(input.organizationId) }),
  });
}
