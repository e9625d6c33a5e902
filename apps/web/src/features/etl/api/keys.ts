/** Query keys of the ETL area: invalidate through these, never a hand-typed key. */
export const etlKeys = {
  all: ['etl'] as const,
  organization: (organizationId: string) => [...etlKeys.all, organizationId] as const,
  progress: (organizationId: string) => [...etlKeys.organization(organizationId), 'progress'] as const,
  next: (organizationId: string) => [...etlKeys.organization(organizationId), 'next'] as const,
  logs: (organizationId: string) => [...etlKeys.organization(organizationId), 'logs'] as const,
  tables: (organizationId: string) => [...etlKeys.organization(organizationId), 'tables'] as const,
  settings: (organizationId: string) => [...etlKeys.organization(organizationId), 'settings'] as const,
};
