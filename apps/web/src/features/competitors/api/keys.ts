/** Query keys of the competitors area: invalidate through these, never a hand-typed key. */
export const competitorsKeys = {
  all: ['competitors'] as const,
  countries: () => [...competitorsKeys.all, 'countries'] as const,
  organization: (organizationId: string) => [...competitorsKeys.all, organizationId] as const,
  list: (organizationId: string) => [...competitorsKeys.organization(organizationId), 'list'] as const,
  report: (organizationId: string, id: string) =>
    [...competitorsKeys.organization(organizationId), 'report', id] as const,
};
