import type { Visual } from '@maya/contracts';
import { useMemo } from 'react';
import type { VisualQueryRequest } from '../api/reports';
import { sortOf } from '../model/state';
import { useDashboard } from './useDashboard';
import { useVisualQuery } from './useVisualQuery';

/** The query of one visual of the open page under the filters and sort on screen. */
export function useVisualAnswer(visual: Visual) {
  const { slug, state, filters } = useDashboard();
  const sort = sortOf(state, visual.id);
  const request = useMemo<VisualQueryRequest>(
    () => ({ report: slug, page: state.page, visual_id: visual.id, filters, date_range: null, sort }),
    [slug, state.page, visual.id, filters, sort],
  );
  const query = useVisualQuery(request, visual.kind !== 'slicer');
  return { ...query, refreshing: query.isPlaceholderData && query.isFetching };
}
