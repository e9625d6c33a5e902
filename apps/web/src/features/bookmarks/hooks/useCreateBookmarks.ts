import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createBookmarks, type CreateBookmarksInput } from '../api/bookmarks';
import { bookmarkKeys } from '../api/keys';

/** POST /bookmarks; the organization's bookmark lists are read again after it. */
export function useCreateBookmarks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBookmarksInput) => createBookmarks(input),
    onSuccess: (_created, input) =>
      queryClient.invalidateQueries({ queryKey: bookmarkKeys.organization(input.organizationId) }),
  });
}
