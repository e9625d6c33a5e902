import { useQuery } from '@tanstack/react-query';
import { sourcesKeys } from '../api/keys';
import { getServiceAccountEmail } from '../api/services';

/** GET /services/google_analytics_4_events/service_account_email, for the GA4 guide. */
export function useServiceAccountEmail() {
  return useQuery({
    queryKey: sourcesKeys.serviceAccountEmail(),
    queryFn: () => getServiceAccountEmail(),
    staleTime: Infinity,
  });
}
