/** Query keys of the pagespeed area: invalidate through these, never a hand-typed key. */
export const pagespeedKeys = {
  all: ['pagespeed'] as const,
  organization: (organizationId: string) => [...pagespeedKeys.all, organizationId] as const,
  urls: (organizationId: string) => [...pagespeedKeys.organization(organizationId), 'urls'] as const,
  top: (organizationId: string) => [...pagespeedKeys.organization(organizationId), 'top'] as const,
};
