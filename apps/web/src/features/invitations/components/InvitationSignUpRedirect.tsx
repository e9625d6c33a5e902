import { Navigate, useLocation } from 'react-router';
import { rememberReturnUrl } from '../../../shared/auth/returnUrl';
import type { InvitationRef } from '../api/invitations';
import { usePendingInvitation } from '../hooks/usePendingInvitation';
import { invitationFailure, invitationMessages } from '../messages';
import { InvitationError, InvitationProgress } from './InvitationStatus';

/**
 * A signed-out visitor signs up with the invited e-mail; the invitation URL is remembered, so that
 * signing in afterwards comes back here and accepts it (spec 000 §2 Invite acceptance).
 */
export function InvitationSignUpRedirect({ invitation }: { invitation: InvitationRef }) {
  const location = useLocation();
  const pending = usePendingInvitation(invitation);

  if (pending.isPending) return <InvitationProgress label="Loading invitation" />;
  if (pending.isError) {
    return <InvitationError failure={invitationFailure(pending.error, invitationMessages.loadFailed)} />;
  }
  // Like the route guard, remembering is idempotent, so it may happen while rendering the redirect.
  rememberReturnUrl(`${location.pathname}${location.search}`);
  return (
    <Navigate to={`/sign-up?${new URLSearchParams({ email: pending.data.email }).toString()}`} replace />
  );
}
