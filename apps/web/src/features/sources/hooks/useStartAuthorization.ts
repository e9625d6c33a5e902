import { useMutation } from '@tanstack/react-query';
import { navigateExternal } from '../../../shared/lib/browser';
import { startAuthorization, type StartAuthorizationInput } from '../api/authorization';

/**
 * POST /services/{id}/oauth/start, then leaves for the provider's consent page. A failure is for
 * the screen to tell ('Could not start the authentication process.'); its cause goes to the console.
 */
export function useStartAuthorization() {
  return useMutation({
    mutationFn: (input: StartAuthorizationInput) => startAuthorization(input),
    onSuccess: (authorizationUrl) => navigateExternal(authorizationUrl),
    onError: (error) => console.error('Starting the authorization failed', error),
  });
}
