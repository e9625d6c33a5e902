import type { CustomTableColumn, CustomTableId } from '@maya/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteCustomTable,
  listCustomTables,
  updateCustomTableColumns,
  uploadCustomTable,
  type UploadProgress,
} from '../api/customTables';
import { customTablesKeys } from '../api/keys';

export function useCustomTables(organizationId: string) {
  return useQuery({
    queryKey: customTablesKeys.list(organizationId),
    queryFn: () => listCustomTables(organizationId),
  });
}

export function useUploadCustomTable(organizationId: string, tableId: CustomTableId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      file: File;
      columns: CustomTableColumn[] | null;
      onProgress: (p: UploadProgress) => void;
    }) => uploadCustomTable({ organizationId, tableId, ...input }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: customTablesKeys.organization(organizationId) }),
  });
}

export function useUpdateCustomTableColumns(organizationId: string, tableId: CustomTableId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (columns: CustomTableColumn[]) => updateCustomTableColumns(organizationId, tableId, columns),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: customTablesKeys.organization(organizationId) }),
  });
}

export function useDeleteCustomTable(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tableId: CustomTableId) => deleteCustomTable(organizationId, tableId),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: customTablesKeys.organization(organizationId) }),
  });
}
