import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { isSignedIn } from '../../../shared/auth/session';
import { AcceptInvitation } from './AcceptInvitation';
import { InvitationSignUpRedirect } from './InvitationSignUpRedirect';

/**
 * `/organization/{slug}/invite/{inviteId}` and the older `/invitation/{slug}/{inviteId}` (spec 000
 * §2): a signed-out visitor goes to sign-up with the invited e-mail, a signed-in user joins.
 */
export function InvitationPage() {
  const { organizationSlug = '', inviteId = '' } = useParams();
  const [signedIn] = useState(isSignedIn);
  const invitation = useMemo(() => ({ inviteId, organizationSlug }), [inviteId, organizationSlug]);
  return signedIn ? (
    <AcceptInvitation invitation={invitation} />
  ) : (
    <InvitationSignUpRedirect invitation={invitation} />
  );
}
