import { InvitationErrorType } from '@maya/contracts';
import { isApiError } from '../../shared/api/ApiError';

/** Every user-visible message of the invitations area (spec 000 §8 Invite), verbatim. */
export const invitationMessages = {
  expired: 'Invitation expired',
  doesNotExist: 'Invitation not found, please check you are using the correct link.',
  generic: 'There was an issue with this invite',
  loadFailed: 'Failed to load invitation.',
  loginWithDifferentAccount: 'Login with different account',
  forbiddenTitle: 'This invite is for a different user',
} as const;

export function forbiddenMessage(invitedEmail: string | null): string {
  return invitedEmail === null
    ? 'This invitation was sent to another e-mail address. Sign in with the invited account to accept it.'
    : `This invitation was sent to ${invitedEmail}. Sign in with that account to accept it.`;
}

/** Why an invitation could not be accepted, as the page shows it. */
export type InvitationFailure =
  { kind: 'forbidden'; invitedEmail: string | null } | { kind: 'message'; title: string };

/** Maps an accept (or load) failure to the spec's text; `fallback` is the message of other errors. */
export function invitationFailure(error: unknown, fallback: string): InvitationFailure {
  if (!isApiError(error)) return { kind: 'message', title: fallback };
  const type: string = error.type;
  switch (type) {
    case InvitationErrorType.expired:
      return { kind: 'message', title: invitationMessages.expired };
    case InvitationErrorType.doesNotExist:
      return { kind: 'message', title: invitationMessages.doesNotExist };
    case InvitationErrorType.forbidden: {
      const email = error.detail?.invitation_email;
      return { kind: 'forbidden', invitedEmail: typeof email === 'string' && email !== '' ? email : null };
    }
    default:
      return { kind: 'message', title: fallback };
  }
}

/** invitation_already_accepted counts as success (spec 000 §4). */
export function isAlreadyAccepted(error: unknown): boolean {
  return isApiError(error) && error.type === InvitationErrorType.alreadyAccepted;
}
