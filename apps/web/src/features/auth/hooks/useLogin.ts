import type { LoginRequest } from '@maya/contracts';
import { useMutation } from '@tanstack/react-query';
import { login } from '../api/login';
import { useStartSession } from './useStartSession';

/**
 * POST /auth/login with a provider code or token (the provider redirect and the merge screen);
 * a success starts the session. The password form has its own flow in `useSignIn`.
 */
export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (request: LoginRequest) => login(request),
    onSuccess: (token) => startSession(token),
  });
}
