/** Query keys of the custom-tables area: invalidate through these, never a hand-typed key. */
export const customTablesKeys = {
  all: ['custom-tables'] as const,
  organization: (organizationId: string) => [...customTablesKeys.all, organizationId] as const,
  list: (organizationId: string) => [...customTablesKeys.organization(organizationId), 'list'] as const,
};
