import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isSignedIn, rememberReturnUrl } from '../shared/auth';

export const SIGN_IN_PATH = '/sign-in';

/**
 * Guards a protected route (spec 000 §2): without a stored token and a matching `user_id`
 * cookie the visitor goes to sign-in, and the path they tried is remembered for afterwards.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (isSignedIn()) return children;
  rememberReturnUrl(`${location.pathname}${location.search}${location.hash}`);
  return <Navigate to={SIGN_IN_PATH} replace />;
}
