import { ETL_QUEUED_STEP, type EtlProgress } from '@maya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { etlKeys } from '../api/keys';
import { triggerEtl } from '../api/etl';

/**
 * POST /etl/trigger. A started run shows as queued at once (the progress starts polling from that
 * moment, not from the next answer); then progress and history are asked again.
 */
export function useTriggerEtl(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => triggerEtl(organizationId),
    onSuccess: () => {
      const queued: EtlProgress = { running: true, description: ETL_QUEUED_STEP, points: 0 };
      queryClient.setQueryData(etlKeys.progress(organizationId), queued);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: etlKeys.organization(organizationId) }),
  });
}
