import { useMutation, useQuery } from '@tanstack/react-query';
import { authKeys } from '../api/keys';
import {
  changePassword,
  checkResetLink,
  requestPasswordReset,
  resetPassword,
  type ChangePasswordRequest,
  type ResetPasswordRequest,
} from '../api/password';

/** POST /auth/reset_password_request. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => requestPasswordReset(email) });
}

/** GET /auth/reset_password: whether the link still works (never retried: a bad link stays bad). */
export function useResetLink(requestId: string, email: string) {
  return useQuery({
    queryKey: authKeys.resetLink(requestId, email),
    queryFn: () => checkResetLink({ request_id: requestId, email }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /auth/reset_password. */
export function useResetPassword() {
  return useMutation({ mutationFn: (request: ResetPasswordRequest) => resetPassword(request) });
}

/** POST /user/change_password. */
export function useChangePassword() {
  return useMutation({ mutationFn: (request: ChangePasswordRequest) => changePassword(request) });
}
