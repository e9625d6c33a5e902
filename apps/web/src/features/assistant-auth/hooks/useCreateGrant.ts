import { useMutation } from '@tanstack/react-query';
import { createAssistantGrant, type AssistantGrantRequest } from '../api/grants';

/** POST /assistant/grants. */
export function useCreateGrant() {
  return useMutation({ mutationFn: (request: AssistantGrantRequest) => createAssistantGrant(request) });
}
