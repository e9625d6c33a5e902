import type { LoginRequest, Provider } from '@maya/contracts';
import { useCallback, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { providerTokenLogin } from '../api/login';
import { authMessages, signInErrorMessage } from '../messages';
import { readProviderToken, returnDestination, type SignInNoticeState } from '../navigation';
import { useLogin } from './useLogin';

export type FinishMerge = { email: string; provider: Provider; isMona: boolean; password?: string };

/**
 * Once the merge is done (spec 000 §4): signs in with what this tab holds — the provider token
 * from navigation state, or the password just set — and goes on; without either, to sign-in.
 */
export function useFinishMerge() {
  const location = useLocation();
  const navigate = useNavigate();
  const login = useLogin();
  const finished = useRef(false);
  const [finishing, setFinishing] = useState(false);
  const providerToken = readProviderToken(location.state);
  const { mutate } = login;

  const credentialsFor = useCallback(
    ({ email, provider, isMona, password }: FinishMerge): LoginRequest | null => {
      if (provider === 'maya') return password === undefined ? null : { email, password };
      if (providerToken?.provider === provider) return providerTokenLogin(providerToken, isMona);
      return null;
    },
    [providerToken],
  );

  const toSignIn = useCallback(
    (kind: 'error' | 'info', message: string) => {
      const state: SignInNoticeState = { notice: { kind, message } };
      void navigate('/sign-in', { replace: true, state });
    },
    [navigate],
  );

  const finish = useCallback(
    (merge: FinishMerge) => {
      if (finished.current) return;
      finished.current = true;
      setFinishing(true);
      const request = credentialsFor(merge);
      if (request === null) {
        toSignIn('info', authMessages.mergedSignInAgain);
        return;
      }
      mutate(request, {
        onSuccess: () => void navigate(returnDestination(), { replace: true }),
        onError: (error) => toSignIn('error', signInErrorMessage(error)),
      });
    },
    [credentialsFor, mutate, navigate, toSignIn],
  );

  return {
    finish,
    /** Whether this tab can sign in by itself for `provider` (a provider token in navigation state). */
    hasProviderToken: (provider: Provider) => providerToken?.provider === provider,
    /** True from the moment the merge is seen done: polling stops (the session start clears the cache). */
    finishing,
  };
}
