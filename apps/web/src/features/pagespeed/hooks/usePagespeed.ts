import type { PagespeedUrl, PagespeedUrlsResponse } from '@maya/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getPagespeedUrls, getTopPagespeedUrls, runPagespeed, savePagespeedUrls } from '../api/pagespeed';
import { pagespeedKeys } from '../api/keys';

/** While a run is queued or going, the list is asked again this often for its status. */
const RUN_POLL_MS = 2_000;

const running = (answer: PagespeedUrlsResponse | undefined) =>
  answer?.last_run?.status === 'queued' || answer?.last_run?.status === 'running';

/** GET /pagespeed_urls, polled while a run is on. */
export function usePagespeedUrls(organizationId: string) {
  return useQuery({
    queryKey: pagespeedKeys.urls(organizationId),
    queryFn: () => getPagespeedUrls(organizationId),
    refetchInterval: (query) => (running(query.state.data) ? RUN_POLL_MS : false),
    refetchOnWindowFocus: false,
  });
}

/** GET /pagespeed_urls/top. */
export function useTopPagespeedUrls(organizationId: string) {
  return useQuery({
    queryKey: pagespeedKeys.top(organizationId),
    queryFn: () => getTopPagespeedUrls(organizationId),
    staleTime: 5 * 60_000,
  });
}

/** PUT /pagespeed_urls. */
export function useSavePagespeedUrls(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (urls: PagespeedUrl[]) => savePagespeedUrls(organizationId, urls),
    onSuccess: async (saved) => {
      queryClient.setQueryData(pagespeedKeys.urls(organizationId), saved);
      await queryClient.invalidateQueries({ queryKey: pagespeedKeys.top(organizationId) });
    },
  });
}

/** POST /pagespeed_urls/run. */
export function useRunPagespeed(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => runPagespeed(organizationId),
    onSuccess: (run) =>
      queryClient.setQueryData<PagespeedUrlsResponse>(pagespeedKeys.urls(organizationId), (answer) =>
        answer === undefined ? answer : { ...answer, last_run: run },
      ),
  });
}
