import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/ApiError';
import { rememberReturnUrl } from '../../../shared/auth/returnUrl';
import { useSignOut } from '../../../shared/auth/useSignOut';
import { currentUserQuery, verifyEmailUrl } from '../../../shared/user/useCurrentUser';
import { organizationPath } from '../../organizations';
import type { InvitationRef } from '../api/invitations';
import { useAcceptInvitation } from '../hooks/useAcceptInvitation';
import { invitationFailure, invitationMessages } from '../messages';
import { InvitationError, InvitationProgress } from './InvitationStatus';

/** A signed-in user's invitation is accepted at once; then the organization's sources open. */
export function AcceptInvitation({ invitation }: { invitation: InvitationRef }) {
  const accept = useAcceptInvitation();
  const started = useRef(false);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const [switchingAccount, setSwitchingAccount] = useState(false);
  const { mutate } = accept;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(invitation, {
      onError: (error) => {
        if (!isApiError(error) || error.type !== 'email_not_verified') return;
        void queryClient
          .fetchQuery(currentUserQuery())
          .then((user) => navigate(verifyEmailUrl(user.email), { replace: true }));
      },
    });
  }, [mutate, invitation, navigate, queryClient]);

  if (accept.isSuccess) return <Navigate to={organizationPath(accept.data, 'sources')} replace />;
  if (!accept.isError) return <InvitationProgress label="Accepting invitation" />;

  const loginWithDifferentAccount = async () => {
    setSwitchingAccount(true);
    rememberReturnUrl(`${location.pathname}${location.search}`);
    await signOut({ to: '/sign-in' });
  };

  return (
    <InvitationError
      failure={invitationFailure(accept.error, invitationMessages.generic)}
      onLoginWithDifferentAccount={() => void loginWithDifferentAccount()}
      switchingAccount={switchingAccount}
    />
  );
}
