import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKey } from '@maya/contracts';
import { createApiKey, listApiKeys, revokeApiKey } from '../api/developers';
import { developersKeys } from '../api/keys';

/** GET /organizations/{id}/api-keys. */
export function useApiKeys(organizationId: string) {
  return useQuery({
    queryKey: developersKeys.apiKeys(organizationId),
    queryFn: () => listApiKeys(organizationId),
  });
}

/** POST /organizations/{id}/api-keys; the answer holds the secret, shown once. */
export function useCreateApiKey(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKey) => createApiKey(organizationId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developersKeys.apiKeys(organizationId) }),
  });
}

/** DELETE /organizations/{id}/api-keys/{keyId}. */
export function useRevokeApiKey(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => revokeApiKey(organizationId, keyId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: developersKeys.apiKeys(organizationId) }),
  });
}
