import { useMutation, useQueryClient } from '@tanstack/react-query';
import { etlKeys } from '../api/keys';
import { triggerEtl } from '../api/etl';

/** POST /etl/trigger: once a run starts (or one was already running) progress and history are asked again. */
export function useTriggerEtl(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => triggerEtl(organizationId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: etlKeys.organization(organizationId) }),
  });
}
