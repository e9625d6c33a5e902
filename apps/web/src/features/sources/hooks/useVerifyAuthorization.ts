import { useMutation } from '@tanstack/react-query';
import { verifyAuthorization, type VerifyAuthorizationInput } from '../api/authorization';

/** POST /services/{id}/oauth/verify: a mutation, because the provider's code is single-use. */
export function useVerifyAuthorization() {
  return useMutation({ mutationFn: (input: VerifyAuthorizationInput) => verifyAuthorization(input) });
}
