/** Query keys of the developers area: invalidate through these, never a hand-typed key. */
export const developersKeys = {
  all: ['developers'] as const,
  organization: (organizationId: string) => [...developersKeys.all, organizationId] as const,
  apiKeys: (organizationId: string) => [...developersKeys.organization(organizationId), 'api-keys'] as const,
  notificationToken: (organizationId: string) =>
    [...developersKeys.organization(organizationId), 'notification-token'] as const,
  sharedDataset: (organizationId: string) =>
    [...developersKeys.organization(organizationId), 'shared-dataset'] as const,
  ga4Emails: (organizationId: string) =>
    [...developersKeys.organization(organizationId), 'ga4-emails'] as const,
};
