import type { ClusterCategory } from '@maya/contracts';

/** Query keys of the clusters area: invalidate through these, never a hand-typed key. */
export const clustersKeys = {
  all: ['clusters'] as const,
  organization: (organizationId: string) => [...clustersKeys.all, organizationId] as const,
  categories: (organizationId: string) =>
    [...clustersKeys.organization(organizationId), 'categories'] as const,
  category: (organizationId: string, category: ClusterCategory) =>
    [...clustersKeys.organization(organizationId), 'category', category] as const,
  column: (organizationId: string, category: ClusterCategory, id: string) =>
    [...clustersKeys.category(organizationId, category), 'column', id] as const,
  /** The previews of an editor's column: not under `category`, whose invalidation after a save must not read them again. */
  previews: (organizationId: string, category: ClusterCategory) =>
    [...clustersKeys.organization(organizationId), 'previews', category] as const,
  wordGroups: (organizationId: string) =>
    [...clustersKeys.organization(organizationId), 'wordgroups'] as const,
};
