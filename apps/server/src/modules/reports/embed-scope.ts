// What an embed grant lets its viewers read (docs/decisions.md, "Embed grants"): the embedded
// view's filters are fixed and applied by the server to every query and filter-values request,
// whatever the client sends. A request that drops or changes one of them is refused, never quietly
// answered, so an embedding site cannot mistake a widened query for the view; when the grant
// allows filtering, the viewer may narrow with the filters the view leaves open and a date range.
import {
  embedFilterIsOpen,
  type EmbedFilterOptionsRequest,
  type ReportDocument,
  type ReportFilter,
  type ReportPage,
  type ReportState,
} from '@maya/contracts';
import { ReportQueryError, effectiveFilters } from '@maya/analytics';
import type { VisualRequest } from './engine';
import { embedFilterNotAllowed } from './errors';

export type EmbedScope = {
  /** The report's whole document: hidden pages are out of reach, their filters still known. */
  document: ReportDocument;
  /** The grant's state; null for the report as saved. */
  state: ReportState | null;
  allowFiltering: boolean;
};

/** A page's filters under the grant: those the view fixes, and the slots it leaves open. */
type PageFilters = {
  /** Sent back unchanged by every query of the page (the dashboard sends what it shows). */
  fixed: ReportFilter[];
  /**
   * The state's filters and slicer selections the document no longer has (it changed since the
   * grant was made): applied too, so that a changed document never widens a grant, but not
   * asked of the client, which no longer knows them.
   */
  orphans: ReportFilter[];
  /** Filters that filter nothing in the view, and the page's slicers with nothing selected. */
  open: ReportFilter[];
};

const refuse = (message: string): never => {
  throw embedFilterNotAllowed(message);
};

/** JSON with sorted keys, absent and null alike: two filters that filter the same compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined && v !== null)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const sameFilter = (a: ReportFilter, b: ReportFilter) => canonical(a) === canonical(b);

function visiblePage(document: ReportDocument, name: string): ReportPage {
  const page = document.pages.find((p) => p.name === name && p.visibility === 0);
  if (page === undefined)
    throw new ReportQueryError('report_not_found', `the embedded report has no page ${name}`);
  return page;
}

/** The page the embedded view opens on: the state's, else the first visible one. */
export function openingPage({ document, state }: EmbedScope): string {
  const visible = document.pages.filter((p) => p.visibility === 0);
  return visible.find((p) => p.name === state?.page)?.name ?? visible[0]?.name ?? '';
}

function pageFilters({ document, state }: EmbedScope, pageName: string): PageFilters {
  const page = visiblePage(document, pageName);
  const inEffect = effectiveFilters(document, page, state);
  const documentIds = new Set(
    [...document.filters, ...document.pages.flatMap((p) => p.filters)].map((f) => f.id),
  );
  const slicers = document.pages.flatMap((p) => p.visuals).filter((v) => v.kind === 'slicer');
  const orphans = [
    ...(state?.filters ?? []).filter((f) => !documentIds.has(f.id)),
    ...(state?.slicers ?? []).filter((s) => !slicers.some((v) => v.id === s.visual_id)).map((s) => s.filter),
  ].filter((f) => !embedFilterIsOpen(f));
  const selected = new Set(state?.slicers.map((s) => s.visual_id));
  const emptySlicers: ReportFilter[] = page.visuals.flatMap((v) =>
    v.kind === 'slicer' && !selected.has(v.id)
      ? [{ id: v.id, kind: 'list', table: v.table, column: v.dimension, mode: 'include', values: [] }]
      : [],
  );
  return {
    fixed: inEffect.filter((f) => !embedFilterIsOpen(f)),
    orphans,
    open: [...inEffect.filter(embedFilterIsOpen), ...emptySlicers],
  };
}

/**
 * The query as the grant allows it: the view's fixed filters (the server's copy), then the
 * viewer's narrowing ones. 403 `embed_filter_not_allowed` when the request drops or changes a
 * fixed filter, names a filter the view does not have, or narrows a view that allows no filtering.
 */
export function scopedQuery(scope: EmbedScope, request: VisualRequest): VisualRequest {
  const { fixed, orphans, open } = pageFilters(scope, request.page);
  const narrowing: ReportFilter[] = [];
  for (const filter of request.filters) {
    const own = fixed.find((f) => f.id === filter.id);
    if (own !== undefined) {
      if (!sameFilter(own, filter)) refuse(`the filter ${filter.id} is fixed by the embedded view`);
      continue;
    }
    const slot = open.find((f) => f.id === filter.id);
    if (slot?.table !== filter.table || slot.column !== filter.column) {
      refuse(`${filter.id} is not a filter of the embedded view on ${filter.table}.${filter.column}`);
    }
    if (embedFilterIsOpen(filter)) continue;
    if (!scope.allowFiltering) refuse('the embedded view cannot be filtered');
    narrowing.push(filter);
  }
  const missing = fixed.find((f) => !request.filters.some((sent) => sent.id === f.id));
  if (missing !== undefined) refuse(`the filter ${missing.id} of the embedded view is missing`);
  if (request.date_range !== null && !scope.allowFiltering) refuse('the embedded view cannot be filtered');
  // The view's ad-hoc visual is the grant's (the request cannot carry one: EmbedQueryRequest).
  const adhoc = scope.state?.adhoc;
  const own = adhoc?.page === request.page && adhoc.visual.id === request.visual_id;
  const { visual: _sent, ...asked } = request;
  return {
    ...asked,
    filters: [...fixed, ...orphans, ...narrowing],
    ...(own ? { visual: adhoc.visual } : {}),
  };
}

/**
 * The filters a list of values is read under: the view's on the page asked (else the one it
 * opens on). Only the columns of the report's filters and of its visible pages' slicers are
 * listed; 403 `embed_filter_not_allowed` for any other.
 */
export function scopedFilterValues(scope: EmbedScope, request: EmbedFilterOptionsRequest): ReportFilter[] {
  const { document } = scope;
  const visible = document.pages.filter((p) => p.visibility === 0);
  const columns = [
    ...document.filters,
    ...visible.flatMap((p) => p.filters),
    ...visible.flatMap((p) =>
      p.visuals.flatMap((v) => (v.kind === 'slicer' ? [{ table: v.table, column: v.dimension }] : [])),
    ),
  ];
  if (!columns.some((c) => c.table === request.table && c.column === request.column)) {
    refuse(`${request.table}.${request.column} is not a filter of the embedded view`);
  }
  const { fixed, orphans } = pageFilters(scope, request.page ?? openingPage(scope));
  return [...fixed, ...orphans];
}
