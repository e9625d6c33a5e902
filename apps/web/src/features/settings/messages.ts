import { InvitationErrorType, messages as fieldMessages } from '@maya/contracts';
import { isApiError } from '../../shared/api/ApiError';

/** Every user-visible message of the settings area (spec 002 §2, §5, §6, §8), verbatim where the spec has one. */
export const settingsMessages = {
  title: 'Settings',
  invalidEmail: fieldMessages.email,
  /** spec 002 §6. */
  upgradeToAddUsers: 'Upgrade plan to add more users',
  /** spec 002 §8 Invites: the list load failure. */
  invitationsLoadFailed: 'There was an issue getting the invitations.',
  membersLoadFailed: 'There was an issue getting the members.',
  deleteFailed: 'The invitation could not be deleted. Try again.',
  readOnlyNote: 'Only admins can invite people and delete invitations.',
  noInvitations: 'No pending invitations.',
  confirmDeleteTitle: 'Delete invitation',
  confirmDeleteLabel: 'Delete',
  retry: 'Try again',
  currency: {
    title: 'Currency',
    description:
      "Reports show every amount in this currency, converted day by day at the European Central Bank's reference rate of that day. Each account's own currency stays available in the reports.",
    label: 'Organization currency',
    save: 'Save',
    saved: 'Currency saved',
    failed: 'The currency could not be saved. Try again.',
    readOnlyNote: 'Only admins can change the currency.',
  },
} as const;

export function alreadyMemberMessage(email: string): string {
  return `${email} is already a member`;
}

export function confirmDeleteMessage(email: string): string {
  return `The invitation sent to ${email} will be deleted and its link will stop working.`;
}

/**
 * spec 002 §8: an invite creation failure is logged only; `already_member` is also shown under the
 * field (a user who typed a member's address needs to know why nothing happened).
 */
export function inviteFailureMessage(error: unknown, email: string): string | null {
  if (isApiError(error) && error.type === InvitationErrorType.alreadyMember)
    return alreadyMemberMessage(email);
  return null;
}
