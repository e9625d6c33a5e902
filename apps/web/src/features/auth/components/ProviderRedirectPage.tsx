import { Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams, type NavigateFunction } from 'react-router';
import { isApiError } from '../../../shared/api/ApiError';
import { CenteredPage } from '../../../shared/ui/CenteredPage';
import { Logo } from '../../../shared/ui/Logo';
import { providerCodeLogin } from '../api/login';
import { useLogin } from '../hooks/useLogin';
import {
  providerLabel,
  providerRedirectErrorMessage,
  signInErrorMessage,
  type AuthProvider,
} from '../messages';
import {
  mergeAccountUrl,
  providerTokenFromDetail,
  providerTokenState,
  returnDestination,
  verifyEmailUrl,
  type SignInNoticeState,
} from '../navigation';
import { showToast } from '../../../shared/ui/toast';

/** Which provider sent the browser back, from the path (/google/redirect, /microsoft/redirect). */
export function redirectProvider(pathname: string): AuthProvider {
  return pathname.startsWith('/google/') ? 'google' : 'microsoft';
}

function backToSignIn(navigate: NavigateFunction, message: string) {
  const state: SignInNoticeState = { notice: { kind: 'error', message } };
  void navigate('/sign-in', { replace: true, state });
}

/** Where a refused provider sign-in leads (spec 000 §2 Sign-in, Marketplace and Microsoft redirects). */
function followLoginError(navigate: NavigateFunction, provider: AuthProvider, error: unknown) {
  const type = isApiError(error) ? error.type : null;
  const detail = isApiError(error) ? error.detail : null;
  const providerToken = providerTokenFromDetail(provider, detail);
  const email = typeof detail?.email === 'string' ? detail.email : '';
  if (type === 'merge_required' || type === 'no_password_set') {
    showToast('info', signInErrorMessage(error));
    void navigate(mergeAccountUrl(detail, email), {
      replace: true,
      state: providerToken === null ? null : providerTokenState(providerToken),
    });
  } else if (type === 'no_such_user' && providerToken !== null) {
    void navigate('/sign-up', { replace: true, state: providerTokenState(providerToken) });
  } else if (type === 'email_not_verified' && email !== '') {
    void navigate(verifyEmailUrl(email), { replace: true });
  } else {
    backToSignIn(navigate, signInErrorMessage(error));
  }
}

/**
 * /google/redirect and /microsoft/redirect: the provider's consent page returns here with
 * `code` and `state` (or `error`). The code is exchanged once by POST /auth/login.
 */
export function ProviderRedirectPage() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const started = useRef(false);
  const provider = redirectProvider(pathname);
  const { mutate } = login;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const error = searchParams.get('error');
    const code = searchParams.get('code');
    const state = searchParams.get('state');
    if (error !== null) {
      backToSignIn(
        navigate,
        providerRedirectErrorMessage(provider, error, searchParams.get('error_description')),
      );
      return;
    }
    if (code === null || code === '' || state === null || state === '') {
      backToSignIn(navigate, signInErrorMessage(null));
      return;
    }
    mutate(providerCodeLogin(provider, code, state), {
      onSuccess: () => void navigate(returnDestination(), { replace: true }),
      onError: (loginError) => followLoginError(navigate, provider, loginError),
    });
  }, [mutate, navigate, provider, searchParams]);

  return (
    <CenteredPage>
      <Stack align="center" gap="lg">
        <Logo size="lg" />
        <Loader aria-label="Signing in" />
        <Text c="dimmed" size="sm">
          Signing you in with {providerLabel(provider)}…
        </Text>
      </Stack>
    </CenteredPage>
  );
}
