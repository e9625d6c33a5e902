import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sourcesKeys } from '../api/keys';
import { saveApiCredentials } from '../api/setup';

type Input = { serviceId: string; serviceUuid: string; apiKey: string };

/** POST /services/{id}/api_credentials (Moosend). */
export function useSaveApiCredentials(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => saveApiCredentials({ organizationId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKeys.organization(organizationId) }),
  });
}
