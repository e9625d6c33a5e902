import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isSignedIn } from '../../../shared/auth/session';
import { signInDestination } from '../navigation';

/**
 * A visitor who is already signed in does not see the sign-in or sign-up page (spec 000 §2): they
 * go where a sign-in would have taken them (`destination`, by default the sign-in's). Returns true
 * while that redirect happens.
 */
export function useRedirectIfSignedIn(
  destination: (search: URLSearchParams) => string = signInDestination,
): boolean {
  const [signedIn] = useState(isSignedIn);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirected = useRef(false);

  useEffect(() => {
    if (!signedIn || redirected.current) return;
    redirected.current = true;
    void navigate(destination(searchParams), { replace: true });
  }, [signedIn, navigate, searchParams, destination]);

  return signedIn;
}
