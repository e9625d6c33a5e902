import { Navigate, useLocation } from 'react-router';
import { rememberReturnUrl } from '../../../shared/auth/returnUrl';

/** A signed-out visitor signs in first and comes back here with the same query. */
export function SignInRedirect() {
  const location = useLocation();
  // Idempotent, as in the route guard: remembering while rendering the redirect is safe.
  rememberReturnUrl(`${location.pathname}${location.search}`);
  return <Navigate to="/sign-in" replace />;
}
