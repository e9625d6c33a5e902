import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getGa4Emails, getSharedDataset, shareDataset, unshareDataset } from '../api/developers';
import { developersKeys } from '../api/keys';

/** GET /organizations/{id}/shared-dataset. */
export function useSharedDataset(organizationId: string) {
  return useQuery({
    queryKey: developersKeys.sharedDataset(organizationId),
    queryFn: () => getSharedDataset(organizationId),
  });
}

/** POST /organizations/{id}/shared-dataset. */
export function useShareDataset(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => shareDataset(organizationId, email),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: developersKeys.sharedDataset(organizationId) }),
  });
}

/** DELETE /organizations/{id}/shared-dataset?email=. */
export function useUnshareDataset(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => unshareDataset(organizationId, email),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: developersKeys.sharedDataset(organizationId) }),
  });
}

/** GET /organizations/{id}/ga4-emails; null on 404 (spec 002 §8). */
export function useGa4Emails(organizationId: string) {
  return useQuery({
    queryKey: developersKeys.ga4Emails(organizationId),
    queryFn: () => getGa4Emails(organizationId),
  });
}
