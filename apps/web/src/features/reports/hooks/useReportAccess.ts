import { useQuery } from '@tanstack/react-query';
import { reportKeys } from '../api/keys';
import { useReportSource } from './useReportSource';

/**
 * GET /reports/{slug} (or the embed token's access): the report, its document and freshness.
 * Not retried: workspace_not_setup and a missing report are answers, not hiccups.
 */
export function useReportAccess(slug: string) {
  const source = useReportSource();
  return useQuery({
    queryKey: reportKeys.access(source.scope, slug),
    queryFn: () => source.access(slug),
    retry: false,
    staleTime: 5 * 60_000,
  });
}
