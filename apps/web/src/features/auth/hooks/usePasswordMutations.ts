import { useMutation } from '@tanstack/react-query';
import {
  changePassword,
  requestPasswordReset,
  resetPassword,
  type ChangePasswordRequest,
  type ResetPasswordRequest,
} from '../api/password';

/** POST /auth/reset_password_request. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => requestPasswordReset(email) });
}

/** POST /auth/reset_password. */
export function useResetPassword() {
  return useMutation({ mutationFn: (request: ResetPasswordRequest) => resetPassword(request) });
}

/** POST /user/change_password. */
export function useChangePassword() {
  return useMutation({ mutationFn: (request: ChangePasswordRequest) => changePassword(request) });
}
