import type { AdHocVisual, CalculatedMeasure, ReportQueryRequest, Visual } from '@maya/contracts';

/** The place every draft visual is queried at: where it sits on the page changes no answer. */
const ANY_PLACE = { x: 0, y: 0, w: 12, h: 1 } as const;

/**
 * The query's `draft` for a visual of the editor's draft (issue 32): the visual without its
 * place and title, so moving, resizing or renaming it asks nothing again (the cache key is the
 * request), with the draft's calculated metrics.
 */
export function draftQuery(
  visual: Exclude<Visual, { kind: 'slicer' }>,
  calculated: readonly CalculatedMeasure[],
): NonNullable<ReportQueryRequest['draft']> {
  const shaped: AdHocVisual = { ...visual, title: null, layout: ANY_PLACE };
  // Only the metrics of the visual's table count; the others change nothing it shows.
  return { visual: shaped, calculated_measures: calculated.filter((m) => m.table === visual.table) };
}
