/** Query keys of the destinations area: invalidate through these, never a hand-typed key. */
export const destinationsKeys = {
  all: ['destinations'] as const,
  catalogue: () => [...destinationsKeys.all, 'catalogue'] as const,
  destination: (id: string) => [...destinationsKeys.catalogue(), id] as const,
  organization: (organizationId: string) => [...destinationsKeys.all, organizationId] as const,
  organizationDestination: (organizationId: string) =>
    [...destinationsKeys.organization(organizationId), 'destination'] as const,
  status: (organizationId: string) => [...destinationsKeys.organization(organizationId), 'status'] as const,
};
