/** Query keys of the invitations area. */
export const invitationKeys = {
  all: ['invitations'] as const,
  pending: (inviteId: string, organizationSlug: string) =>
    [...invitationKeys.all, 'pending', organizationSlug, inviteId] as const,
};
