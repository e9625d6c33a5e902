import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportKeys } from '../api/keys';
import type { VisualQueryRequest } from '../api/reports';
import { recordQueryTime } from '../model/queryTimes';
import { useReportSource } from './useReportSource';

/**
 * POST /reports/{slug}/query for one visual. Each visual asks on its own, so a slow one never
 * holds the others; while new filters load, the previous answer stays on screen (dimmed by the
 * caller through `isPlaceholderData`). Results hold until the next data load, so they stay fresh
 * for a while.
 */
export function useVisualQuery(request: VisualQueryRequest, enabled = true) {
  const source = useReportSource();
  const queryKey = reportKeys.query(source.scope, request.report, request);
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const started = performance.now();
      const answer = await source.query(request, signal);
      recordQueryTime(queryKey, performance.now() - started);
      return answer;
    },
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
