import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/ApiError';
import type { PasswordCredentials } from '../api/login';
import { signInErrorMessage } from '../messages';
import { mergeAccountUrl, signInDestination, verifyEmailUrl } from '../navigation';
import { useLogin } from './useLogin';
import { showToast } from '../../../shared/ui/toast';

type UseSignInOptions = {
  /** Called with the spec's message when the visitor stays on the sign-in page. */
  onError: (message: string) => void;
};

/** Email and password sign-in (spec 000 §2 Sign-in, §4, §8), on the one POST /auth/login hook. */
export function useSignIn({ onError }: UseSignInOptions) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();

  const mutate = (credentials: PasswordCredentials) =>
    login.mutate(credentials, {
      onSuccess: () => void navigate(signInDestination(searchParams), { replace: true }),
      onError: (error) => {
        const type = isApiError(error) ? error.type : null;
        const detail = isApiError(error) ? error.detail : null;
        if (type === 'email_not_verified') {
          const email = typeof detail?.email === 'string' ? detail.email : credentials.email;
          void navigate(verifyEmailUrl(email));
        } else if (type === 'merge_required' || type === 'no_password_set') {
          showToast('info', signInErrorMessage(error));
          void navigate(mergeAccountUrl(detail, credentials.email));
        } else {
          onError(signInErrorMessage(error));
        }
      },
    });

  return { mutate, isPending: login.isPending, isSuccess: login.isSuccess };
}
