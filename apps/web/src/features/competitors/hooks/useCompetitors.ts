import type {
  CompetitionReport,
  CompetitionReportsResponse,
  SaveCompetitionReportRequest,
} from '@maya/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteCompetitionReport,
  getCompetitionReport,
  getCompetitionReports,
  getCountries,
  runCompetitionReport,
  saveCompetitionReport,
} from '../api/competitors';
import { competitorsKeys } from '../api/keys';

/** While a computation is queued or going, the report is asked again this often for its status. */
const RUN_POLL_MS = 2_000;

const running = (report: CompetitionReport | null | undefined) =>
  report?.last_run?.status === 'queued' || report?.last_run?.status === 'running';

/** GET /google_search_countries (the same for everyone). */
export function useCountries() {
  return useQuery({
    queryKey: competitorsKeys.countries(),
    queryFn: () => getCountries(),
    staleTime: Infinity,
  });
}

/** GET /competition_reports, polled while a report is being computed. */
export function useCompetitionReports(organizationId: string) {
  return useQuery({
    queryKey: competitorsKeys.list(organizationId),
    queryFn: () => getCompetitionReports(organizationId),
    refetchInterval: (query) => (query.state.data?.reports.some(running) ? RUN_POLL_MS : false),
    refetchOnWindowFocus: false,
  });
}

/** GET /competition_reports/{id}; null for an id no report has yet (a new one). */
export function useCompetitionReport(organizationId: string, id: string) {
  return useQuery({
    queryKey: competitorsKeys.report(organizationId, id),
    queryFn: async () => {
      try {
        return await getCompetitionReport(organizationId, id);
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
    refetchInterval: (query) => (running(query.state.data) ? RUN_POLL_MS : false),
    refetchOnWindowFocus: false,
  });
}

/** PUT /competition_reports. */
export function useSaveCompetitionReport(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveCompetitionReportRequest) => saveCompetitionReport(body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(competitorsKeys.report(organizationId, saved.uuid), saved);
      await queryClient.invalidateQueries({ queryKey: competitorsKeys.list(organizationId) });
    },
  });
}

/** DELETE /competition_reports/{id}. */
export function useDeleteCompetitionReport(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCompetitionReport(organizationId, id),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<CompetitionReportsResponse>(competitorsKeys.list(organizationId), (list) =>
        list === undefined ? list : { ...list, reports: list.reports.filter((r) => r.uuid !== id) },
      );
      queryClient.removeQueries({ queryKey: competitorsKeys.report(organizationId, id) });
    },
  });
}

/** POST /competition_reports/{id}/run. */
export function useRunCompetitionReport(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => runCompetitionReport(organizationId, id),
    onSuccess: async (report) => {
      queryClient.setQueryData(competitorsKeys.report(organizationId, report.uuid), report);
      await queryClient.invalidateQueries({ queryKey: competitorsKeys.list(organizationId) });
    },
  });
}
