import { useMutation } from '@tanstack/react-query';
import { navigateExternal } from '../../../shared/lib/browser';
import { getAuthUri } from '../api/authUri';
import { authUriErrorMessage, type AuthProvider } from '../messages';

type UseProviderSignInOptions = { onError: (message: string) => void };

/**
 * Sign-in with Google or Microsoft: asks the API for the provider's consent address and leaves
 * for it. `isRedirecting` stays true once the browser is on its way.
 */
export function useProviderSignIn(provider: AuthProvider, { onError }: UseProviderSignInOptions) {
  const mutation = useMutation({
    mutationFn: () => getAuthUri(provider),
    onSuccess: (uri) => navigateExternal(uri),
    onError: (error) => onError(authUriErrorMessage(provider, error)),
  });
  return { start: () => mutation.mutate(), isRedirecting: mutation.isPending || mutation.isSuccess };
}
