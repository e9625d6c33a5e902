import { useMutation } from '@tanstack/react-query';
import { requestVerificationEmail, verifyEmail, type VerifyEmailRequest } from '../api/verification';

/** POST /auth/verify_email. */
export function useVerifyEmail() {
  return useMutation({ mutationFn: (request: VerifyEmailRequest) => verifyEmail(request) });
}

/** POST /auth/request_verification_email. */
export function useRequestVerificationEmail() {
  return useMutation({ mutationFn: (email: string) => requestVerificationEmail(email) });
}
