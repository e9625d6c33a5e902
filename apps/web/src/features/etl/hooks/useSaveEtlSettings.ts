import type { EtlSettingsUpdate } from '@maya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { etlKeys } from '../api/keys';
import { saveEtlSettings } from '../api/etl';

/** PUT /etl/settings; the answer is the settings as saved. */
export function useSaveEtlSettings(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lookbacks: EtlSettingsUpdate['lookbacks']) => saveEtlSettings(organizationId, lookbacks),
    onSuccess: (saved) => queryClient.setQueryData(etlKeys.settings(organizationId), saved),
  });
}
