/** Query keys of the settings area: invalidate through these, never a hand-typed key. */
export const settingsKeys = {
  all: ['settings'] as const,
  organization: (organizationId: string) => [...settingsKeys.all, organizationId] as const,
  invitations: (organizationId: string) =>
    [...settingsKeys.organization(organizationId), 'invitations'] as const,
};
