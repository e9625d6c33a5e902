// From what a prompt named to a report state: the page that shows it best, the report's date
// filter set to the period, list filters or slicers set to the values, and the tables sorted by
// the first measure. A state can only set the report's own filters (checkReportState), so what
// the report cannot show is said in notes rather than guessed.
import {
  REPORT_STATE_VERSION,
  reportLimits,
  type ReportDocument,
  type ReportFilter,
  type ReportPage,
  type ReportState,
  type Visual,
} from '@maya/contracts';
import { addDays } from '../dates';
import { visualFields } from '../run-visual';
import { findDimension, semanticTable, type SemanticModel } from '../semantic-model';
import { currentUnitOf, type DateIntent } from './dates';
import type { NamedValue, Recognized } from './recognize';
import { phraseStems } from './text';
import type { Term } from './vocabulary';

export type AppliedDate = {
  intent: DateIntent;
  /** The filter set; null when the report has no date filter. */
  filter: ReportFilter | null;
};

export type AppliedValues = {
  label: string;
  values: string[];
  mode: 'include' | 'exclude';
  /** Set on a filter or a slicer of the page; null: the report cannot filter by it. */
  via: 'filter' | 'slicer' | null;
};

export type Plan = {
  state: ReportState;
  page: ReportPage;
  date: AppliedDate | null;
  values: AppliedValues[];
  sorted: { visuals: Visual[]; measure: Term; direction: 'asc' | 'desc' } | null;
  /** Named measures and dimensions no visual of the page shows. */
  missing: Term[];
};

const SORTABLE = new Set<Visual['kind']>([
  'table',
  'matrix',
  'bar',
  'column',
  'stacked_bar',
  'stacked_column',
]);

function fieldsOf(visual: Visual): { dimensions: string[]; measures: string[] } {
  const fields = visualFields(visual);
  return { dimensions: fields.dimensions.map((d) => d.name), measures: [...fields.measures] };
}

/** Whether the visual shows the measure or groups by the dimension. */
export const shows = (visual: Visual, term: Term) =>
  term.tables.includes(visual.table) &&
  (term.kind === 'measure' ? fieldsOf(visual).measures : fieldsOf(visual).dimensions).includes(term.name);

const allFilters = (doc: ReportDocument, page: ReportPage) => [...doc.filters, ...page.filters];

/** The page's filter or slicer a value of the column is set on, if any. */
function valueTarget(
  doc: ReportDocument,
  page: ReportPage,
  column: string,
): { filter: ReportFilter } | { slicer: Extract<Visual, { kind: 'slicer' }> } | null {
  const filter = allFilters(doc, page).find(
    (f) => f.column === column && f.kind !== 'relative_date' && f.kind !== 'advanced_date',
  );
  if (filter !== undefined) return { filter };
  const slicer = page.visuals.find(
    (v): v is Extract<Visual, { kind: 'slicer' }> => v.kind === 'slicer' && v.dimension === column,
  );
  return slicer === undefined ? null : { slicer };
}

/** How well a page shows what was named: dimensions lead, measures beside them, values filterable. */
function pageScore(doc: ReportDocument, page: ReportPage, found: Recognized): number {
  let score = 0;
  for (const dim of found.dimensions) {
    const best = page.visuals
      .filter((v) => v.kind !== 'slicer' && shows(v, dim))
      .map((v) => {
        const { dimensions } = fieldsOf(v);
        const others = dimensions.filter(
          (d) => d !== dim.name && d !== 'date' && !found.dimensions.some((f) => f.name === d),
        );
        return 10 + (dimensions[0] === dim.name ? 3 : 0) - others.length;
      });
    score += Math.max(0, ...best);
  }
  for (const measure of found.measures) {
    const best = page.visuals
      .filter((v) => shows(v, measure))
      .map((v) => 6 + (found.dimensions.some((d) => shows(v, d)) ? 4 : 0));
    score += Math.max(0, ...best);
  }
  for (const value of found.values) {
    const target = valueTarget(doc, page, value.column);
    // A slicer or page filter exists only on its page; a report filter is everywhere.
    if (target !== null && ('slicer' in target || page.filters.includes(target.filter))) score += 20;
    if (page.visuals.some((v) => v.kind !== 'slicer' && fieldsOf(v).dimensions.includes(value.column)))
      score += 2;
  }
  // A page named after what was asked for breaks ties ("by channel": the Channels page).
  const pageName = phraseStems(page.display_name).join(' ');
  if ([...found.dimensions, ...found.measures].some((t) => t.phrases.some((p) => p.join(' ') === pageName)))
    score += 2;
  return score;
}

function choosePage(doc: ReportDocument, found: Recognized): ReportPage {
  if (found.page !== null) return found.page;
  // Hidden pages (visibility 1) are not offered in embedded reports; shown only when named.
  const visible = doc.pages.filter((p) => p.visibility === 0);
  const pages = visible.length > 0 ? visible : doc.pages;
  let best = pages[0] ?? doc.pages[0];
  let bestScore = -1;
  for (const page of pages) {
    const score = pageScore(doc, page, found);
    if (score > bestScore) {
      best = page;
      bestScore = score;
    }
  }
  if (best === undefined) throw new Error(`report ${doc.slug} has no page`);
  return best;
}

const atNoon = (day: string) => `${day}T${reportLimits.defaultFilterTime}`;

/** The date filter the period sets, in place of the report's (same id, table and column). */
export function dateFilterFor(base: ReportFilter, intent: DateIntent, today: string): ReportFilter {
  const { id, table, column } = base;
  switch (intent.kind) {
    case 'relative':
      return {
        id,
        table,
        column,
        kind: 'relative_date',
        operator: intent.operator,
        count: intent.operator === 'in_this' ? null : intent.count,
        unit: intent.unit,
      };
    case 'day':
      return { id, table, column, kind: 'advanced_date', operator: 'is', value: atNoon(intent.day) };
    case 'period': {
      const unit = currentUnitOf(intent, today);
      if (unit !== null) {
        return { id, table, column, kind: 'relative_date', operator: 'in_this', count: null, unit };
      }
      // The conditions compare days: "is after" the day before the start and "is before" the day
      // after the end; a period open at one end ("since March", "before 2025") has one condition.
      const { from, to } = intent;
      const before = (day: string) => ({ operator: 'is_before' as const, value: atNoon(addDays(day, 1)) });
      if (from === null) return { id, table, column, kind: 'advanced_date', ...before(to ?? today) };
      const after = { operator: 'is_after' as const, value: atNoon(addDays(from, -1)) };
      return {
        id,
        table,
        column,
        kind: 'advanced_date',
        ...after,
        ...(to === null ? {} : { and: before(to) }),
      };
    }
    default: {
      const unreachable: never = intent;
      throw new Error(String(unreachable));
    }
  }
}

/** The report's date filter on a table's time dimension: the report's own, else the page's. */
function dateFilterOf(doc: ReportDocument, page: ReportPage, model: SemanticModel): ReportFilter | null {
  return (
    allFilters(doc, page).find((f) => {
      const table = model.tables.find((t) => t.name === f.table);
      return (
        table !== undefined &&
        table.timeDimension === f.column &&
        findDimension(table, f.column)?.type === 'date'
      );
    }) ?? null
  );
}

function labelOf(model: SemanticModel, value: NamedValue): string {
  return findDimension(semanticTable(model, value.table), value.column)?.label ?? value.column;
}

export function plan(doc: ReportDocument, model: SemanticModel, found: Recognized, today: string): Plan {
  const page = choosePage(doc, found);
  const filters: ReportFilter[] = [];
  const slicers: ReportState['slicers'] = [];
  let date: AppliedDate | null = null;
  if (found.date !== null) {
    const base = dateFilterOf(doc, page, model);
    const set = base === null ? null : dateFilterFor(base, found.date.intent, today);
    if (set !== null) filters.push(set);
    date = { intent: found.date.intent, filter: set };
  }
  const values: AppliedValues[] = [];
  const byColumn = new Map<string, NamedValue[]>();
  for (const value of found.values)
    byColumn.set(value.column, [...(byColumn.get(value.column) ?? []), value]);
  for (const [column, named] of byColumn) {
    const positive = [...new Set(named.filter((v) => !v.negated).map((v) => v.value))];
    const mode = positive.length > 0 ? 'include' : 'exclude';
    const chosen = mode === 'include' ? positive : [...new Set(named.map((v) => v.value))];
    const target = valueTarget(doc, page, column);
    const first = named[0];
    if (first === undefined) continue;
    const applied: AppliedValues = { label: labelOf(model, first), values: chosen, mode, via: null };
    if (target !== null && 'filter' in target) {
      const { id, table } = target.filter;
      filters.push({ id, table, column, kind: 'list', mode, values: chosen });
      applied.via = 'filter';
    } else if (target !== null) {
      const { slicer } = target;
      slicers.push({
        visual_id: slicer.id,
        filter: { id: slicer.id, table: slicer.table, column, kind: 'list', mode, values: chosen },
      });
      applied.via = 'slicer';
    }
    values.push(applied);
  }
  const measure = found.measures[0];
  const sortable =
    measure === undefined
      ? []
      : page.visuals.filter((v) => {
          if (!SORTABLE.has(v.kind) || !shows(v, measure)) return false;
          // Charts over time keep their time order.
          return !('axis' in v) || findDimension(semanticTable(model, v.table), v.axis.name)?.type !== 'date';
        });
  // Those that group by a dimension the prompt named, when any does ("clicks by query": the
  // queries table, not the pages table beside it).
  const grouped = sortable.filter((v) => found.dimensions.some((d) => shows(v, d)));
  const sortedVisuals = grouped.length > 0 ? grouped : sortable;
  const sort = sortedVisuals.map((v) => ({
    visual_id: v.id,
    sort: [{ field: measure?.name ?? '', direction: found.direction }],
  }));
  const missing = [...found.measures, ...found.dimensions].filter(
    (t) => !page.visuals.some((v) => shows(v, t)),
  );
  return {
    state: { version: REPORT_STATE_VERSION, page: page.name, filters, slicers, sort },
    page,
    date,
    values,
    sorted:
      measure === undefined || sortedVisuals.length === 0
        ? null
        : { visuals: sortedVisuals, measure, direction: found.direction },
    missing,
  };
}
