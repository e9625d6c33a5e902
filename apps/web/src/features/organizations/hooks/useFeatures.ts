import { useQuery } from '@tanstack/react-query';
import { organizationKeys } from '../api/keys';
import { getFeatures } from '../api/members';

/** POST /features: the plan features; `enabled` false skips the call (members cannot invite anyway). */
export function useFeatures(organizationId: string, enabled = true) {
  return useQuery({
    queryKey: organizationKeys.features(organizationId),
    queryFn: () => getFeatures(organizationId),
    enabled,
  });
}
