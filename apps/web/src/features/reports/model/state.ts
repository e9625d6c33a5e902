import {
  REPORT_STATE_VERSION,
  embedFilterIsOpen,
  type AdHocVisual,
  type ListFilter,
  type ReportDocument,
  type ReportFilter,
  type ReportPage,
  type ReportState,
  type Sort,
  type Visual,
  unreachable,
} from '@maya/contracts';

/**
 * The report state the dashboard shows (page, filters, slicers, sort: what a bookmark stores),
 * and the rules that tie it to its document. Pure functions: the hooks and the tests share them.
 */

/** spec 002 §2: pages with visibility 1 are hidden when the report is embedded (read-only). */
export function visiblePages(doc: ReportDocument, readOnly: boolean): ReportPage[] {
  return readOnly ? doc.pages.filter((page) => page.visibility === 0) : doc.pages;
}

/** Every filter the document defines: the report's, then each page's. */
function documentFilters(doc: ReportDocument): ReportFilter[] {
  return [...doc.filters, ...doc.pages.flatMap((page) => page.filters)];
}

/**
 * The document's own view: its first page the viewer may see, its filters as written, no slicer
 * selection, no sort. A read-only viewer of a document whose pages are all hidden sees the first.
 */
export function defaultReportState(doc: ReportDocument, readOnly: boolean): ReportState {
  const first = visiblePages(doc, readOnly)[0] ?? doc.pages[0];
  return {
    version: REPORT_STATE_VERSION,
    page: first?.name ?? '',
    filters: documentFilters(doc),
    slicers: [],
    sort: [],
  };
}

/**
 * What a viewer may change of the filters: in the app, anything (`free`); in an embedded report
 * whose grant allows filtering, only what its view leaves open (`open`: the server refuses the
 * rest); in one that does not, nothing (`none`: its filters are shown locked).
 */
export type ViewerFiltering = 'free' | 'open' | 'none';

/**
 * The filter and slicer ids a viewer may not change, as the server decides them
 * (`embedFilterIsOpen`): under `open`, the filters the baseline view sets and the slicers it
 * selects in.
 */
export function lockedIds(baseline: ReportState, filtering: ViewerFiltering): (id: string) => boolean {
  switch (filtering) {
    case 'free':
      return () => false;
    case 'none':
      return () => true;
    case 'open': {
      const fixed = new Set([
        ...baseline.filters.filter((f) => !embedFilterIsOpen(f)).map((f) => f.id),
        ...baseline.slicers.map((s) => s.visual_id),
      ]);
      return (id) => fixed.has(id);
    }
    default: {
      return unreachable(filtering);
    }
  }
}

export type FittedState = { state: ReportState; problems: string[] };

/**
 * Fits a state (a bookmark's, a link's, a generated one) to the document: its page must exist
 * and be visible; each filter must replace a document filter on the same table and column, each
 * slicer selection a slicer of the same dimension, each sort a visual. What does not fit is left
 * out (the report changed since), and named in `problems`. Filters the state does not set keep
 * the document's, so the result always holds every document filter in document order.
 */
export function fitState(doc: ReportDocument, state: ReportState, readOnly: boolean): FittedState {
  const problems: string[] = [];
  const defaults = defaultReportState(doc, readOnly);
  const pageVisible = visiblePages(doc, readOnly).some((page) => page.name === state.page);
  if (!pageVisible) problems.push(`the report has no page ${state.page}`);

  for (const filter of state.filters) {
    const original = defaults.filters.find((f) => f.id === filter.id);
    if (original?.table !== filter.table || original.column !== filter.column) {
      problems.push(`filter ${filter.id} is not a filter of the report`);
    }
  }
  const filters = defaults.filters.map((original) => {
    const set = state.filters.find((f) => f.id === original.id);
    return set !== undefined && set.table === original.table && set.column === original.column
      ? set
      : original;
  });

  const visuals = doc.pages.flatMap((page) => page.visuals);
  const slicers = state.slicers.filter(({ visual_id, filter }) => {
    const slicer = visuals.find((v) => v.id === visual_id);
    const fits =
      slicer?.kind === 'slicer' && slicer.table === filter.table && slicer.dimension === filter.column;
    if (!fits) problems.push(`${visual_id} is not a slicer of ${filter.table}.${filter.column}`);
    return fits;
  });
  const adhoc = fitAdHoc(doc, state, readOnly, problems);
  const sort = state.sort.filter(({ visual_id }) => {
    const known = visuals.some((v) => v.id === visual_id) || adhoc?.visual.id === visual_id;
    if (!known) problems.push(`the report has no visual ${visual_id}`);
    return known;
  });

  return {
    state: {
      version: REPORT_STATE_VERSION,
      page: pageVisible ? state.page : defaults.page,
      filters,
      slicers,
      sort,
      ...(adhoc === null ? {} : { adhoc }),
    },
    problems,
  };
}

/** The state's ad-hoc visual, kept when its page is one the viewer sees and its id is free. */
function fitAdHoc(
  doc: ReportDocument,
  state: ReportState,
  readOnly: boolean,
  problems: string[],
): NonNullable<ReportState['adhoc']> | null {
  const { adhoc } = state;
  if (adhoc === undefined) return null;
  const onPage = visiblePages(doc, readOnly).some((page) => page.name === adhoc.page);
  const taken = doc.pages.some((page) => page.visuals.some((v) => v.id === adhoc.visual.id));
  if (onPage && !taken) return adhoc;
  problems.push(`the report cannot show the visual ${adhoc.visual.id}`);
  return null;
}

/** The state's ad-hoc visual when it belongs to the page shown (decision 250), else null. */
export function adHocOf(state: ReportState): AdHocVisual | null {
  return state.adhoc?.page === state.page ? state.adhoc.visual : null;
}

/** The state without its ad-hoc visual (the user removed it), and without that visual's sort. */
export function withoutAdHoc(state: ReportState): ReportState {
  const { adhoc, ...rest } = state;
  if (adhoc === undefined) return state;
  return { ...rest, sort: rest.sort.filter((s) => s.visual_id !== adhoc.visual.id) };
}

/** Two states show the same view (states from `fitState` list their filters in one order). */
export function sameState(a: ReportState, b: ReportState): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function activePage(doc: ReportDocument, state: ReportState): ReportPage | null {
  return doc.pages.find((page) => page.name === state.page) ?? null;
}

/**
 * The filters in effect on the state's page: the report's and the page's (as the state set
 * them), and the selections of the page's slicers. The query endpoint applies each to the
 * visual's table, or to the tables sharing its dimension.
 */
export function effectiveFilters(doc: ReportDocument, state: ReportState): ReportFilter[] {
  const page = activePage(doc, state);
  if (page === null) return [];
  const set = (original: ReportFilter) => state.filters.find((f) => f.id === original.id) ?? original;
  const slicerIds = new Set(page.visuals.filter((v) => v.kind === 'slicer').map((v) => v.id));
  const selections = state.slicers.filter((s) => slicerIds.has(s.visual_id)).map((s) => s.filter);
  return [...doc.filters.map(set), ...page.filters.map(set), ...selections];
}

export function withPage(state: ReportState, page: string): ReportState {
  return { ...state, page };
}

/** The state with `filter` in place of the filter of the same id. */
export function withFilter(state: ReportState, filter: ReportFilter): ReportState {
  return { ...state, filters: state.filters.map((f) => (f.id === filter.id ? filter : f)) };
}

/** A slicer's selection as the filter it puts on its page. */
export function slicerFilter(
  visual: Extract<Visual, { kind: 'slicer' }>,
  values: ListFilter['values'],
): ListFilter {
  return {
    id: visual.id,
    kind: 'list',
    table: visual.table,
    column: visual.dimension,
    mode: 'include',
    values,
  };
}

/** The state with the slicer's selection; an empty selection filters nothing and is dropped. */
export function withSlicer(state: ReportState, visualId: string, filter: ListFilter): ReportState {
  const others = state.slicers.filter((s) => s.visual_id !== visualId);
  const slicers = filter.values.length === 0 ? others : [...others, { visual_id: visualId, filter }];
  return { ...state, slicers };
}

export function slicerValues(state: ReportState, visualId: string): ListFilter['values'] {
  const filter = state.slicers.find((s) => s.visual_id === visualId)?.filter;
  return filter?.kind === 'list' ? filter.values : [];
}

/** The sort a visual is shown with: the state's (a header click) or null for the visual's own. */
export function sortOf(state: ReportState, visualId: string): Sort[] | null {
  return state.sort.find((s) => s.visual_id === visualId)?.sort ?? null;
}

export function withSort(state: ReportState, visualId: string, sort: Sort[]): ReportState {
  const others = state.sort.filter((s) => s.visual_id !== visualId);
  return { ...state, sort: [...others, { visual_id: visualId, sort }] };
}

/**
 * A header click: the first click on a column sorts it descending (numbers read largest first),
 * the next one flips the direction.
 */
export function nextSort(current: readonly Sort[], field: string): Sort[] {
  const first = current[0];
  if (first?.field === field) return [{ field, direction: first.direction === 'desc' ? 'asc' : 'desc' }];
  return [{ field, direction: 'desc' }];
}
