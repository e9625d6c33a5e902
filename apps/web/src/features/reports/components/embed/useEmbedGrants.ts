import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportKeys } from '../../api/keys';
import { listEmbedGrants, revokeEmbedGrant, type EmbedReportRef } from './api';

/** GET /reports/{slug}/embeds: the report's embed grants, asked again whenever the dialog opens. */
export function useEmbedGrants(report: EmbedReportRef) {
  return useQuery({
    queryKey: reportKeys.embeds(report.organizationId, report.reportSlug),
    queryFn: () => listEmbedGrants(report),
    staleTime: 0,
  });
}

/** DELETE /reports/{slug}/embeds/{id}: once revoked, the list is asked again. */
export function useRevokeEmbedGrant(report: EmbedReportRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeEmbedGrant({ ...report, id }),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: reportKeys.embeds(report.organizationId, report.reportSlug),
      }),
  });
}
