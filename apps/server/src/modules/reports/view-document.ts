// The document of a report saved from the view on screen (spec 002 §2 Report save-as dialog), and
// the document an embedded viewer sees.
import type { ReportDocument, ReportFilter, ReportPage, ReportState, Visual } from '@maya/contracts';

/** Visuals a page holds at most (ReportPageSchema). */
const MAX_PAGE_VISUALS = 50;
/** The grid's last row (VisualLayoutSchema). */
const MAX_ROW = 1_000;

/**
 * The page's visuals with the state's ad-hoc visual on top, when it is this page's (decision
 * 252): it becomes a visual of the saved report, the others moved down by its height.
 */
function withAdHoc(pageName: string, visuals: readonly Visual[], state: ReportState | null): Visual[] {
  const adhoc = state?.adhoc;
  if (adhoc?.page !== pageName || visuals.length >= MAX_PAGE_VISUALS) return [...visuals];
  const { h } = adhoc.visual.layout;
  const below = (v: Visual): Visual => ({
    ...v,
    layout: { ...v.layout, y: Math.min(v.layout.y + h, MAX_ROW) },
  });
  return [{ ...adhoc.visual, layout: { ...adhoc.visual.layout, x: 0, y: 0, w: 12 } }, ...visuals.map(below)];
}

/**
 * A copy of `source` under `state`: the state's filters replace the document's of the same id
 * (report and page filters), its page comes first, its ad-hoc visual tops its page, and its sort
 * becomes the sort of the visuals that have one (tables, matrices, bar and column charts). Slicer selections are not kept: a
 * document has no place for them (a saved slicer starts empty, as in the source report).
 */
export function documentFromView(
  source: ReportDocument,
  state: ReportState | null,
  saved: { id: string; slug: string; name: string },
): ReportDocument {
  const replaced = (filter: ReportFilter) => state?.filters.find((f) => f.id === filter.id) ?? filter;
  const sorted = (visual: Visual): Visual => {
    const chosen = state?.sort.find((s) => s.visual_id === visual.id);
    return chosen !== undefined && 'sort' in visual ? { ...visual, sort: chosen.sort } : visual;
  };
  const pages: ReportPage[] = source.pages.map((page) => ({
    ...page,
    filters: page.filters.map(replaced),
    visuals: withAdHoc(page.name, page.visuals, state).map(sorted),
  }));
  const first = pages.findIndex((p) => p.name === state?.page);
  const ordered = first <= 0 ? pages : [pages[first], ...pages.filter((_, i) => i !== first)];
  return {
    ...source,
    ...saved,
    filters: source.filters.map(replaced),
    pages: ordered.filter((p): p is ReportPage => p !== undefined),
  };
}

/** spec 002 §2: pages with visibility 1 are hidden in embedded reports. */
export function embeddedDocument(document: ReportDocument): ReportDocument {
  return { ...document, pages: document.pages.filter((p) => p.visibility === 0) };
}
