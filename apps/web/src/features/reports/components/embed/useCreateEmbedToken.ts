import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportKeys } from '../../api/keys';
import { createEmbedToken, type EmbedTokenInput } from './api';

/** POST /reports/{slug}/embed-token: each call makes a new grant, which the list then shows. */
export function useCreateEmbedToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmbedTokenInput) => createEmbedToken(input),
    onSuccess: (_token, input) =>
      queryClient.invalidateQueries({ queryKey: reportKeys.embeds(input.organizationId, input.reportSlug) }),
  });
}
