/** Query keys of the sources area: invalidate through these, never a hand-typed key. */
export const sourcesKeys = {
  all: ['sources'] as const,
  services: () => [...sourcesKeys.all, 'services'] as const,
  serviceAccountEmail: () => [...sourcesKeys.all, 'service-account-email'] as const,
  organization: (organizationId: string) => [...sourcesKeys.all, organizationId] as const,
  accounts: (organizationId: string) => [...sourcesKeys.organization(organizationId), 'accounts'] as const,
  warnings: (organizationId: string) => [...sourcesKeys.organization(organizationId), 'warnings'] as const,
  conversionSettings: (organizationId: string, serviceId: string) =>
    [...sourcesKeys.organization(organizationId), 'conversion-settings', serviceId] as const,
  publicKey: (organizationId: string, serviceUuid: string) =>
    [...sourcesKeys.organization(organizationId), 'public-key', serviceUuid] as const,
};
