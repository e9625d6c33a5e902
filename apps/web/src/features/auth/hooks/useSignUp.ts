import type { SignUpRequest } from '@maya/contracts';
import { useMutation } from '@tanstack/react-query';
import { checkEmailDomain, signUp } from '../api/signUp';

/** POST /user. */
export function useSignUp() {
  return useMutation({ mutationFn: (request: SignUpRequest) => signUp(request) });
}

/** POST /auth/check_email_domain. */
export function useCheckEmailDomain() {
  return useMutation({ mutationFn: (domain: string) => checkEmailDomain(domain) });
}
