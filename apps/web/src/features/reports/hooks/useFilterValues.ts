import { useInfiniteQuery } from '@tanstack/react-query';
import { reportKeys } from '../api/keys';
import { useReportSource } from './useReportSource';

export type FilterColumn = { datasetId: string; table: string; column: string };

/**
 * GET /reports/filter-values: a column's distinct values, a page at a time through the cursor
 * (spec 002 Filters); `fetchNextPage` loads the next page as the list scrolls.
 */
export function useFilterValues(column: FilterColumn, enabled = true) {
  const source = useReportSource();
  return useInfiniteQuery({
    queryKey: reportKeys.filterValues(source.scope, column),
    queryFn: ({ pageParam, signal }) => source.filterValues({ ...column, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
