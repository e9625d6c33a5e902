import { useMutation } from '@tanstack/react-query';
import { createEmbedToken, type EmbedTokenInput } from './api';

/** POST /reports/{slug}/embed-token: each call makes a new token; nothing cached changes. */
export function useCreateEmbedToken() {
  return useMutation({ mutationFn: (input: EmbedTokenInput) => createEmbedToken(input) });
}
