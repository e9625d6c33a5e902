/** Query keys of the bookmarks area: invalidate through these, never a hand-typed key. */
export const bookmarkKeys = {
  all: ['bookmarks'] as const,
  organization: (organizationId: string) => [...bookmarkKeys.all, organizationId] as const,
  /** GET /bookmarks?scope=menu for one report: the dashboard's menu. */
  menu: (organizationId: string, reportSlug: string) =>
    [...bookmarkKeys.organization(organizationId), 'menu', reportSlug] as const,
  /** GET /bookmarks?scope=manage (every report): the settings tab. */
  manage: (organizationId: string) => [...bookmarkKeys.organization(organizationId), 'manage'] as const,
};
