import { useMutation } from '@tanstack/react-query';
import { startAuthorization, type StartAuthorizationInput } from '../api/authorization';

/** POST /services/{id}/oauth/start: answers the provider's consent address. */
export function useStartAuthorization() {
  return useMutation({ mutationFn: (input: StartAuthorizationInput) => startAuthorization(input) });
}
