import type { CalculatedMeasure, ReportDocument, ReportPage, Visual } from '@maya/contracts';

// The editor's changes of a report document (issue 32), each a pure function the history
// reducer applies as one undoable step. Visuals sit on the page's grid of 12 columns; a visual
// moved or resized onto others pushes them down, so two never overlap.

export type Layout = Visual['layout'];

export const GRID_COLUMNS = 12;
const MAX_Y = 1_000;
const MAX_H = 100;

/** A key not in `taken`: `prefix_2`, `prefix_3`, ... (ids and page names are the document's keys). */
export function freeKey(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(prefix)) return prefix;
  for (let n = 2; ; n += 1) if (!used.has(`${prefix}_${String(n)}`)) return `${prefix}_${String(n)}`;
}

export const visualIds = (doc: ReportDocument) => doc.pages.flatMap((p) => p.visuals.map((v) => v.id));

/** `layout` kept inside the grid: whole cells, at least one, no wider than the columns left. */
export function clampLayout(layout: Layout): Layout {
  const w = Math.min(GRID_COLUMNS, Math.max(1, Math.round(layout.w)));
  const x = Math.min(GRID_COLUMNS - w, Math.max(0, Math.round(layout.x)));
  const h = Math.min(MAX_H, Math.max(1, Math.round(layout.h)));
  const y = Math.min(MAX_Y, Math.max(0, Math.round(layout.y)));
  return { x, y, w, h };
}

const overlaps = (a: Layout, b: Layout) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * The page's visuals with `id` at `layout`, the others it now covers pushed down below it (and
 * what they cover in turn), each keeping its column and size.
 */
export function placeVisual(visuals: readonly Visual[], id: string, layout: Layout): Visual[] {
  const moved = clampLayout(layout);
  const placed: Visual[] = [];
  const target = visuals.find((v) => v.id === id);
  if (target === undefined) return [...visuals];
  placed.push({ ...target, layout: moved });
  const rest = visuals
    .filter((v) => v.id !== id)
    .sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x);
  for (const visual of rest) {
    let current = visual.layout;
    for (let blocker = placed.find((p) => overlaps(p.layout, current)); blocker !== undefined;) {
      current = { ...current, y: Math.min(MAX_Y, blocker.layout.y + blocker.layout.h) };
      blocker = placed.find((p) => overlaps(p.layout, current));
      if (current.y >= MAX_Y) break;
    }
    placed.push(current === visual.layout ? visual : { ...visual, layout: current });
  }
  // The document keeps its visuals in the order they were: only their layouts change.
  return visuals.map((v) => placed.find((p) => p.id === v.id) ?? v);
}

/** The first row below every visual of the page. */
export function bottomOf(page: ReportPage): number {
  return page.visuals.reduce((max, v) => Math.max(max, v.layout.y + v.layout.h), 0);
}

function withPage(
  doc: ReportDocument,
  name: string,
  change: (page: ReportPage) => ReportPage,
): ReportDocument {
  return { ...doc, pages: doc.pages.map((p) => (p.name === name ? change(p) : p)) };
}

// ---- Visuals --------------------------------------------------------------------------------

/** `visual` added at the bottom of the page (its width kept), under a fresh id if it is taken. */
export function addVisual(doc: ReportDocument, pageName: string, visual: Visual): ReportDocument {
  const id = freeKey(visual.id, visualIds(doc));
  return withPage(doc, pageName, (page) => ({
    ...page,
    visuals: [
      ...page.visuals,
      { ...visual, id, layout: clampLayout({ ...visual.layout, x: 0, y: bottomOf(page) }) },
    ],
  }));
}

/** The visual of `visual.id` replaced (its place kept as the edited one says). */
export function updateVisual(doc: ReportDocument, pageName: string, visual: Visual): ReportDocument {
  return withPage(doc, pageName, (page) => ({
    ...page,
    visuals: placeVisual(
      page.visuals.map((v) => (v.id === visual.id ? visual : v)),
      visual.id,
      visual.layout,
    ),
  }));
}

export function duplicateVisual(doc: ReportDocument, pageName: string, id: string): ReportDocument {
  const page = doc.pages.find((p) => p.name === pageName);
  const visual = page?.visuals.find((v) => v.id === id);
  if (page === undefined || visual === undefined) return doc;
  return addVisual(doc, pageName, { ...visual, id: freeKey(`${id}_copy`, visualIds(doc)) });
}

export function deleteVisual(doc: ReportDocument, pageName: string, id: string): ReportDocument {
  return withPage(doc, pageName, (page) => ({ ...page, visuals: page.visuals.filter((v) => v.id !== id) }));
}

export function moveVisual(
  doc: ReportDocument,
  pageName: string,
  id: string,
  layout: Layout,
): ReportDocument {
  return withPage(doc, pageName, (page) => ({ ...page, visuals: placeVisual(page.visuals, id, layout) }));
}

// ---- Pages ----------------------------------------------------------------------------------

/** A new empty page at the end, named from `displayName`; its key is unique in the document. */
export function addPage(doc: ReportDocument, displayName: string): { doc: ReportDocument; name: string } {
  const base =
    displayName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 50) || 'page';
  const name = freeKey(
    /^[a-z0-9]/.test(base) ? base : `p${base}`,
    doc.pages.map((p) => p.name),
  );
  const page: ReportPage = {
    name,
    display_name: displayName.trim(),
    visibility: 0,
    visuals: [],
    filters: [],
  };
  return { doc: { ...doc, pages: [...doc.pages, page] }, name };
}

export function renamePage(doc: ReportDocument, pageName: string, displayName: string): ReportDocument {
  const trimmed = displayName.trim();
  if (trimmed === '') return doc;
  return withPage(doc, pageName, (page) => ({ ...page, display_name: trimmed }));
}

/** The page moved `by` places (-1 up, +1 down), kept inside the list. */
export function movePage(doc: ReportDocument, pageName: string, by: number): ReportDocument {
  const from = doc.pages.findIndex((p) => p.name === pageName);
  const to = Math.min(doc.pages.length - 1, Math.max(0, from + by));
  if (from < 0 || from === to) return doc;
  const pages = [...doc.pages];
  const [page] = pages.splice(from, 1);
  pages.splice(to, 0, page as ReportPage);
  return { ...doc, pages };
}

/** spec 002: visibility 1 hides the page in embedded reports. */
export function setPageHidden(doc: ReportDocument, pageName: string, hidden: boolean): ReportDocument {
  return withPage(doc, pageName, (page) => ({ ...page, visibility: hidden ? 1 : 0 }));
}

/** The page removed; a report keeps at least one page. */
export function deletePage(doc: ReportDocument, pageName: string): ReportDocument {
  if (doc.pages.length <= 1) return doc;
  return { ...doc, pages: doc.pages.filter((p) => p.name !== pageName) };
}

// ---- Calculated metrics ---------------------------------------------------------------------

const sameMetric = (
  a: Pick<CalculatedMeasure, 'table' | 'name'>,
  b: Pick<CalculatedMeasure, 'table' | 'name'>,
) => a.table === b.table && a.name === b.name;

/** `metric` added at the end, or in place of the one it edits (`previous`). */
export function saveMetric(
  doc: ReportDocument,
  metric: CalculatedMeasure,
  previous: Pick<CalculatedMeasure, 'table' | 'name'> | null,
): ReportDocument {
  const metrics = doc.calculatedMeasures ?? [];
  const at = previous === null ? -1 : metrics.findIndex((m) => sameMetric(m, previous));
  const next = at < 0 ? [...metrics, metric] : metrics.map((m, i) => (i === at ? metric : m));
  return { ...doc, calculatedMeasures: next };
}

/** The visuals (by title or id) that read `metric`: it cannot be deleted while any does. */
export function metricUsers(
  doc: ReportDocument,
  metric: Pick<CalculatedMeasure, 'table' | 'name'>,
): string[] {
  const reads = (v: Visual) =>
    v.table === metric.table &&
    ('measure' in v ? v.measure === metric.name : 'measures' in v && v.measures.includes(metric.name));
  const others = (doc.calculatedMeasures ?? []).filter(
    (m) =>
      !sameMetric(m, metric) &&
      m.table === metric.table &&
      new RegExp(`\\b${metric.name}\\b`).test(m.formula),
  );
  return [
    ...doc.pages.flatMap((p) => p.visuals.filter(reads).map((v) => v.title ?? v.id)),
    ...others.map((m) => m.label),
  ];
}

export function deleteMetric(
  doc: ReportDocument,
  metric: Pick<CalculatedMeasure, 'table' | 'name'>,
): ReportDocument {
  if (metricUsers(doc, metric).length > 0) return doc;
  const next = (doc.calculatedMeasures ?? []).filter((m) => !sameMetric(m, metric));
  return { ...doc, calculatedMeasures: next };
}
