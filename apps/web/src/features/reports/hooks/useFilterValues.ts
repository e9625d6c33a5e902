import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { reportKeys } from '../api/keys';
import { COUNTRY } from '../model/countries';
import { useReportSource } from './useReportSource';

export type FilterColumn = {
  datasetId: string;
  table: string;
  column: string;
  /** The page on screen: an embedded report's values are those of its view there. */
  page: string;
};

/**
 * GET /reports/filter-values: a column's distinct values, a page at a time through the cursor
 * (spec 002 Filters); `fetchNextPage` loads the next page as the list scrolls. A country column's
 * pages all load at once (`inListOrder` sorts them by name).
 */
export function useFilterValues(column: FilterColumn, enabled = true) {
  const source = useReportSource();
  const values = useInfiniteQuery({
    // Only an embedded report's values depend on the page: the app's are cached once per column.
    queryKey: reportKeys.filterValues(
      source.scope,
      source.kind === 'embed' ? column : { ...column, page: undefined },
    ),
    queryFn: ({ pageParam, signal }) => source.filterValues({ ...column, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
  // Countries are listed by name, not by the code the pages come in: every page (there are at
  // most three of them) is loaded, so that the sorted list does not change as it scrolls.
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = values;
  const complete = column.column === COUNTRY;
  useEffect(() => {
    if (complete && enabled && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [complete, enabled, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  return values;
}
