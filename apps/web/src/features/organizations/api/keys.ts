/** Query keys of the organizations area: invalidate `organizationKeys.all` after any change. */
export const organizationKeys = {
  all: ['organizations'] as const,
  list: () => [...organizationKeys.all, 'list'] as const,
  datasets: (organizationId: string) => [...organizationKeys.all, 'datasets', organizationId] as const,
  members: (organizationId: string) => [...organizationKeys.all, 'members', organizationId] as const,
  features: (organizationId: string) => [...organizationKeys.all, 'features', organizationId] as const,
};
