// From what a prompt named to a report state: the page that shows it best, the report's date
// filter set to the period, list filters or slicers set to the values, and the tables sorted by
// the first measure. A state can only set the report's own filters (checkReportState), so what
// the report cannot show is said in notes rather than guessed.
import {
  REPORT_STATE_VERSION,
  reportLimits,
  type AdHocVisual,
  type ReportDocument,
  type ReportFilter,
  type ReportPage,
  type ReportState,
  type Visual,
  unreachable,
} from '@maya/contracts';
import { addDays } from '../dates';
import { visualFields } from '../run-visual';
import { findDimension, semanticTable, type SemanticModel } from '../semantic-model';
import { adHocVisual, answersExactly, asksForVisual } from './adhoc';
import { currentUnitOf, type DateIntent } from './dates';
import type { NamedValue, Order, Recognized } from './recognize';
import { readableValue } from './synonyms';
import { phraseStems } from './text';
import type { Term } from './vocabulary';

export type AppliedDate = {
  intent: DateIntent;
  /** The filter set; null when the report has no date filter. */
  filter: ReportFilter | null;
};

export type AppliedValues = {
  label: string;
  /** The values as people read them ("Germany" for 'deu'), in the order of `values`. */
  shown: string[];
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
  /** The visual shown above the page's own when none of them is exactly the answer (decision 250). */
  adhoc: AdHocVisual | null;
  /** Named measures and dimensions no visual of the page (nor the ad-hoc one) shows. */
  missing: Term[];
};

/** How many values of a text dimension the organization has, if looked up. */
export type ValueCount = (table: string, column: string) => number | null;

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

/** A visual's row dimensions other than the date, coarsest first: the last is one row's grain. */
const rowDimensions = (visual: Visual) => fieldsOf(visual).dimensions.filter((d) => d !== 'date');

/** The date grain a visual groups by, if it groups by the date. */
const dateGrainOf = (visual: Visual) =>
  visualFields(visual).dimensions.find((d) => d.name === 'date')?.grain ?? null;

/**
 * How well one visual answers what was named: a dimension asked for is best where it is the
 * visual's rows ("by campaign": a row per campaign, not per ad group of it), the date at the grain
 * asked for; a measure best as the visual's first; and most when the visual shows all of it.
 */
function visualScore(visual: Visual, found: Recognized): number {
  if (visual.kind === 'slicer') return 0;
  const rows = rowDimensions(visual);
  const { measures } = fieldsOf(visual);
  let score = 0;
  let all = true;
  for (const dim of found.dimensions) {
    if (!shows(visual, dim)) {
      all = false;
      continue;
    }
    if (dim.name === 'date') {
      const grain = dateGrainOf(visual);
      score += found.grain === null ? 12 : grain === found.grain ? 14 : 10;
      continue;
    }
    const at = rows.indexOf(dim.name);
    const finer = rows.length - 1 - at;
    const coarser = rows.filter((d, i) => i < at && !found.dimensions.some((f) => f.name === d)).length;
    score += finer === 0 ? 14 - coarser : 10 - 2 * finer;
  }
  for (const measure of found.measures) {
    if (!shows(visual, measure)) {
      all = false;
      continue;
    }
    score += measures[0] === measure.name ? 9 : 6;
  }
  if (score === 0) return 0;
  // A date the prompt did not ask to group by is a column more than asked for.
  const unaskedDate = dateGrainOf(visual) !== null && !found.dimensions.some((d) => d.name === 'date');
  return score + (all ? 10 : 0) - (unaskedDate ? 1 : 0);
}

/** The page's visual that answers best, if any answers at all. */
function answerOf(page: ReportPage, found: Recognized): { visual: Visual; score: number } | null {
  let best: { visual: Visual; score: number } | null = null;
  for (const visual of page.visuals) {
    const score = visualScore(visual, found);
    if (score > 0 && (best === null || score > best.score)) best = { visual, score };
  }
  return best;
}

/** How well a page shows what was named: its best visual, and the values it can filter by. */
function pageScore(doc: ReportDocument, page: ReportPage, found: Recognized): number {
  let score = answerOf(page, found)?.score ?? 0;
  // A visual that is exactly the answer counts more than one that comes near, less than a value
  // only this page can filter by (the answer is then an ad-hoc visual under that filter).
  if (asksForVisual(found) && answeredOn(page, found)) score += EXACT_ANSWER;
  // Between pages that answer as well, the one that shows more of what was named in any visual
  // (where an ad-hoc visual of a measure and a breakdown sits beside the measure's KPI).
  for (const term of [...found.measures, ...found.dimensions]) {
    if (page.visuals.some((v) => v.kind !== 'slicer' && shows(v, term))) score += 1;
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

/** What a page with a visual that is exactly the answer scores more (a value filter scores 20). */
const EXACT_ANSWER = 15;

/** Whether a visual of the page is exactly the answer (adhoc.ts). */
const answeredOn = (page: ReportPage, found: Recognized) =>
  page.visuals.some((v) => answersExactly(v, found));

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

/** Measures where a lower number is the better one: the best position is 1. */
const LOWER_IS_BETTER = new Set(['position', 'cpa', 'cpc']);

/**
 * The direction a marketer means: "highest" and "lowest" as said; "best", "top" and "worst" by
 * what is good for the measure ("best ranking": lowest position first; "top campaigns by CPC":
 * the highest, since "top" ranks by the number unless the measure is a rank); largest first
 * unless asked, best first for a rank.
 */
export function directionFor(measure: Term, order: Order | null): 'asc' | 'desc' {
  const lowerBetter = LOWER_IS_BETTER.has(measure.name);
  switch (order) {
    case 'high':
      return 'desc';
    case 'low':
      return 'asc';
    case 'better':
      return lowerBetter ? 'asc' : 'desc';
    case 'top':
      return measure.name === 'position' ? 'asc' : 'desc';
    case 'worse':
      return lowerBetter ? 'desc' : 'asc';
    case null:
      return measure.name === 'position' ? 'asc' : 'desc';
    default: {
      return unreachable(order);
    }
  }
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
      return unreachable(intent);
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

export function plan(
  doc: ReportDocument,
  model: SemanticModel,
  found: Recognized,
  today: string,
  valueCount: ValueCount = () => null,
): Plan {
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
    const applied: AppliedValues = {
      label: labelOf(model, first),
      shown: chosen.map((v) => readableValue(column, v)),
      values: chosen,
      mode,
      via: null,
    };
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
  // The answer's visual is sorted by the first measure named, if it is a list of rows: charts over
  // time keep their time order.
  const measure = found.measures[0];
  const best = answerOf(page, found)?.visual ?? null;
  const direction = measure === undefined ? 'desc' : directionFor(measure, found.order);
  // No visual of the page is exactly the answer: one that is, above the page's own.
  const adhoc =
    asksForVisual(found) && !page.visuals.some((v) => answersExactly(v, found))
      ? adHocVisual({
          document: doc,
          model,
          found,
          preferredTable: best?.table ?? null,
          valueCount,
          sort: measure === undefined ? null : { measure, direction },
        })
      : null;
  const answer = adhoc ?? best;
  const sortable =
    answer !== null &&
    measure !== undefined &&
    SORTABLE.has(answer.kind) &&
    shows(answer, measure) &&
    (!('axis' in answer) ||
      findDimension(semanticTable(model, answer.table), answer.axis.name)?.type !== 'date');
  // The ad-hoc visual carries its sort; a page's visual is sorted by the state.
  const sort =
    sortable && measure !== undefined && adhoc === null
      ? [{ visual_id: answer.id, sort: [{ field: measure.name, direction }] }]
      : [];
  const missing = [...found.measures, ...found.dimensions].filter(
    (t) => !page.visuals.some((v) => shows(v, t)) && (adhoc === null || !shows(adhoc, t)),
  );
  return {
    state: {
      version: REPORT_STATE_VERSION,
      page: page.name,
      filters,
      slicers,
      sort,
      ...(adhoc === null ? {} : { adhoc: { page: page.name, visual: adhoc } }),
    },
    page,
    date,
    values,
    sorted: sortable && measure !== undefined ? { visuals: [answer], measure, direction } : null,
    adhoc,
    missing,
  };
}
