import type { Visual } from '@maya/contracts';
import { useDeferredValue, useMemo } from 'react';
import type { VisualQueryRequest } from '../api/reports';
import { withBlanks } from '../model/format';
import { adHocOf, sortOf } from '../model/state';
import { draftQuery } from '../model/draftQuery';
import { useDashboard } from './useDashboard';
import { useVisualQuery } from './useVisualQuery';

/**
 * The query of one visual of the open page under the filters and sort on screen; a table's page
 * by `offset` (the first page's request carries none, as every other visual's).
 */
export function useVisualAnswer(visual: Visual, offset = 0) {
  const { slug, state, filters, labels, draftMetrics } = useDashboard();
  const sort = sortOf(state, visual.id);
  // The state's ad-hoc visual is sent with its query: the document does not hold it.
  const adhoc = adHocOf(state);
  const own = adhoc?.id === visual.id ? adhoc : null;
  // Edit mode: the visual as the draft holds it, over the draft's calculated metrics.
  const draft = useMemo(
    () => (draftMetrics === null || visual.kind === 'slicer' ? null : draftQuery(visual, draftMetrics)),
    [visual, draftMetrics],
  );
  const request = useMemo<VisualQueryRequest>(
    () => ({
      report: slug,
      page: state.page,
      visual_id: visual.id,
      filters,
      date_range: null,
      sort,
      ...(offset > 0 ? { offset } : {}),
      ...(own === null || draft !== null ? {} : { visual: own }),
      ...(draft === null ? {} : { draft }),
    }),
    [slug, state.page, visual.id, filters, sort, offset, own, draft],
  );
  const query = useVisualQuery(request, visual.kind !== 'slicer');
  const answer = useMemo(() => withBlanks(query.data, labels), [query.data, labels]);
  // The answer is drawn in a render React may pause (a deferred value), not in the task that
  // received it: a table's rows or a page of charts do not make one long task. Until that render,
  // the visual shows what it showed (its loader at first).
  const data = useDeferredValue(answer);
  const drawing = answer !== undefined && data === undefined;
  return {
    ...query,
    data,
    isPending: query.isPending || drawing,
    refreshing: query.isPlaceholderData && query.isFetching,
  };
}
