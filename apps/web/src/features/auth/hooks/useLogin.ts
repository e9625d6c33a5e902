import type { LoginRequest } from '@maya/contracts';
import { usePlainMutation } from '../../../shared/api/usePlainMutation';
import { login } from '../api/login';
import { useStartSession } from './useStartSession';

/**
 * POST /auth/login (the password form, the provider redirect and the merge screen); a success
 * starts the session. Not a TanStack Query mutation: the sign-in page draws without TanStack
 * Query (decision 700).
 */
export function useLogin() {
  const startSession = useStartSession();
  return usePlainMutation((request: LoginRequest) => login(request), {
    onSuccess: (token) => startSession(token),
  });
}
