import type { CreateCustomReportRequest } from '@maya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportKeys } from '../../api/keys';
import { createCustomReport } from './api';

/** POST /reports: once saved, the reports list (the sidebar's Custom Reports) is asked again. */
export function useSaveReportAs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateCustomReportRequest) => createCustomReport(request),
    onSuccess: (_report, request) =>
      queryClient.invalidateQueries({ queryKey: reportKeys.list(request.organization_id) }),
  });
}
