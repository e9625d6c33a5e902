import { useQuery } from '@tanstack/react-query';
import { reportKeys } from '../api/keys';
import { listReports } from '../api/reports';

/** GET /reports: the organization's reports (the sidebar's Reports and Custom Reports). */
export function useReportList(organizationId: string, enabled = true) {
  return useQuery({
    queryKey: reportKeys.list(organizationId),
    queryFn: () => listReports(organizationId),
    enabled: enabled && organizationId !== '',
    staleTime: 60_000,
  });
}
