import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveConversionSettings } from '../api/conversionSettings';
import { sourcesKeys } from '../api/keys';

/** PUT /services/{id}/conversion_settings; the answer is the settings as saved. */
export function useSaveConversionSettings(organizationId: string, serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (actionTypes: string[] | null) =>
      saveConversionSettings(organizationId, serviceId, actionTypes),
    onSuccess: (saved) =>
      queryClient.setQueryData(sourcesKeys.conversionSettings(organizationId, serviceId), saved),
  });
}
