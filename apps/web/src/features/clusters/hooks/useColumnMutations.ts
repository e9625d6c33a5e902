import type { ClusterCategory, ClusterCategoryResponse } from '@maya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteColumn, reorderColumns, saveColumn, type ColumnDraft } from '../api/clustering';
import { clustersKeys } from '../api/keys';

/** PUT /clustering/{category}/columns/{id}; the category's list is read again after. */
export function useSaveColumn(organizationId: string, category: ClusterCategory) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: ColumnDraft) => saveColumn(organizationId, category, draft),
    onSuccess: (column) =>
      queryClient.setQueryData(clustersKeys.column(organizationId, category, column.id), column),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: clustersKeys.category(organizationId, category) }),
  });
}

/** DELETE /clustering/{category}/columns/{id}: removed from the list once the server confirms (spec 001 §4). */
export function useDeleteColumn(organizationId: string, category: ClusterCategory) {
  const queryClient = useQueryClient();
  const key = clustersKeys.category(organizationId, category);
  return useMutation({
    mutationFn: (id: string) => deleteColumn(organizationId, category, id),
    onSuccess: (_, id) => {
      queryClient.setQueryData<ClusterCategoryResponse>(key, (data) =>
        data === undefined ? data : { ...data, columns: data.columns.filter((column) => column.id !== id) },
      );
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** PUT /clustering/{category}/columns (reorder): applied at once, undone if the server refuses (spec 001 §4). */
export function useReorderColumns(organizationId: string, category: ClusterCategory) {
  const queryClient = useQueryClient();
  const key = clustersKeys.category(organizationId, category);
  return useMutation({
    mutationFn: (columnIds: string[]) => reorderColumns(organizationId, category, columnIds),
    onMutate: async (columnIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ClusterCategoryResponse>(key);
      if (previous !== undefined) {
        const byId = new Map(previous.columns.map((column) => [column.id, column]));
        const columns = columnIds.flatMap((id) => byId.get(id) ?? []);
        queryClient.setQueryData<ClusterCategoryResponse>(key, { ...previous, columns });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous !== undefined) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
}
