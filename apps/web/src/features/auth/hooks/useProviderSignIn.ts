import { useSearchParams } from 'react-router';
import { usePlainMutation } from '../../../shared/api/usePlainMutation';
import { rememberReturnUrl } from '../../../shared/auth/returnUrl';
import { navigateExternal } from '../../../shared/lib/browser';
import { getAuthUri } from '../api/authUri';
import { authUriErrorMessage, type AuthProvider } from '../messages';
import { assistantDestination } from '../navigation';

type UseProviderSignInOptions = { onError: (message: string) => void };

/**
 * Sign-in (or sign-up) with Google or Microsoft: asks the API for the provider's consent address
 * and leaves for it. The provider returns to /google/redirect or /microsoft/redirect, which
 * finishes the sign-in; an assistant authorization in progress is remembered for afterwards.
 * `isRedirecting` stays true once the browser is on its way. Not a TanStack Query mutation: the
 * sign-in page draws without TanStack Query (decision 700).
 */
export function useProviderSignIn(provider: AuthProvider, { onError }: UseProviderSignInOptions) {
  const [searchParams] = useSearchParams();
  const mutation = usePlainMutation(() => getAuthUri(provider), {
    onSuccess: (uri) => {
      const assistant = assistantDestination(searchParams);
      if (assistant !== null) rememberReturnUrl(assistant);
      navigateExternal(uri);
    },
  });
  const start = () =>
    mutation.mutate(undefined, { onError: (error) => onError(authUriErrorMessage(provider, error)) });
  return { start, isRedirecting: mutation.isPending || mutation.isSuccess };
}
