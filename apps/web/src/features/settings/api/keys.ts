/** Query keys of the settings area: invalidate through these, never a hand-typed key. */
export const settingsKeys = {
  all: ['settings'] as const,
  organization: (organizationId: string) => [...settingsKeys.all, organizationId] as const,
  members: (organizationId: string) => [...settingsKeys.organization(organizationId), 'members'] as const,
  invitations: (organizationId: string) =>
    [...settingsKeys.organization(organizationId), 'invitations'] as const,
  features: (organizationId: string) => [...settingsKeys.organization(organizationId), 'features'] as const,
};
