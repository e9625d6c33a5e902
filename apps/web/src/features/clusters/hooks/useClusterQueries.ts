import { ClusterErrorType, type ClusterCategory, type ClusterColumn } from '@maya/contracts';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api/ApiError';
import { getCategories, getCategory, getColumn } from '../api/clustering';
import { clustersKeys } from '../api/keys';
import { listWordGroups } from '../api/wordGroups';

/** GET /clustering/categories: the tabs and the columns a category may hold. */
export function useClusterCategories(organizationId: string) {
  return useQuery({
    queryKey: clustersKeys.categories(organizationId),
    queryFn: () => getCategories(organizationId),
    staleTime: 5 * 60_000,
  });
}

/** GET /clustering/{category}: its columns in order and the fields a new column reads. */
export function useClusterCategory(organizationId: string, category: ClusterCategory) {
  return useQuery({
    queryKey: clustersKeys.category(organizationId, category),
    queryFn: () => getCategory(organizationId, category),
  });
}

/** GET /clustering/{category}/columns/{id}; null for an id no column has yet (a new column). */
export function useClusterColumn(organizationId: string, category: ClusterCategory, id: string) {
  return useQuery({
    queryKey: clustersKeys.column(organizationId, category, id),
    queryFn: async (): Promise<ClusterColumn | null> => {
      try {
        return await getColumn(organizationId, category, id);
      } catch (error) {
        if (isApiError(error) && error.type === ClusterErrorType.columnNotFound) return null;
        throw error;
      }
    },
    // The editor keeps its own copy: a background read must not look like someone else's edit.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** GET /clustering/wordgroups. */
export function useWordGroups(organizationId: string) {
  return useQuery({
    queryKey: clustersKeys.wordGroups(organizationId),
    queryFn: () => listWordGroups(organizationId),
  });
}
