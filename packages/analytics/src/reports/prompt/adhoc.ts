// When no visual of the report is exactly the answer ("CTR by channel" where the channel tables
// show spend, "clicks by device" where no visual groups by device), the answer is an ad-hoc
// visual carried in the state (decision 250): a report visual of the same model, placed above the
// page's own. Only fields of the report's tables, so what the organization has not is still
// refused (recognize.ts) before anything is built.
import type { AdHocVisual, ReportDocument, Visual } from '@maya/contracts';
import { visualFields } from '../run-visual';
import { semanticTable, type SemanticModel } from '../semantic-model';
import type { Recognized } from './recognize';
import type { Term } from './vocabulary';

/** The ad-hoc visual's id; numbered when a report's visual already has it. */
const ADHOC_ID = 'adhoc';
/** Rows a table answer shows a page at a time, as the built-in tables (TABLE_PAGE_ROWS). */
const TABLE_ROWS = 100;
/** A breakdown of at most this many values is drawn as bars; more is a table. */
const MAX_BARS = 12;
/** Measures an ad-hoc breakdown shows when the prompt named none. */
const DEFAULT_MEASURES = 3;

/** Stacked charts over time show each period's total as its stack: their legend only splits it. */
const STACKED = new Set<Visual['kind']>(['stacked_column', 'stacked_bar']);

/**
 * The breakdowns a visual has a row (a bar, a series) per, the date aside: a stacked chart over
 * time's legend only when it was asked for.
 */
function rowNames(visual: Visual, asked: readonly string[]): string[] {
  const splitOnly =
    STACKED.has(visual.kind) && 'axis' in visual && visual.axis.name === 'date' && visual.legend !== null
      ? visual.legend.name
      : null;
  return visualFields(visual)
    .dimensions.map((d) => d.name)
    .filter((d) => d !== 'date' && (d !== splitOnly || asked.includes(d)));
}

const showsTerm = (visual: Visual, term: Term) => {
  const fields = visualFields(visual);
  const names = term.kind === 'measure' ? fields.measures : fields.dimensions.map((d) => d.name);
  return term.tables.includes(visual.table) && names.includes(term.name);
};

/**
 * Whether the visual is exactly the answer: it shows every measure and dimension named, the date
 * at the grain asked, a row per what was asked ("by campaign": its finest rows are campaigns, a
 * coarser channel beside them is fine; ad groups are not), and, when no breakdown was asked, no
 * rows at all (a stacked chart over time shows each period's total: its split by channel is fine). A prompt that names no measure or dimension is answered by its page.
 */
export function answersExactly(visual: Visual, found: Recognized): boolean {
  if (visual.kind === 'slicer') return false;
  const terms = [...found.measures, ...found.dimensions];
  if (!terms.every((t) => showsTerm(visual, t))) return false;
  const date = visualFields(visual).dimensions.find((d) => d.name === 'date');
  const askedDate = found.dimensions.some((d) => d.name === 'date');
  if (askedDate && found.grain !== null && date?.grain !== found.grain) return false;
  const asked = found.dimensions.filter((d) => d.name !== 'date').map((d) => d.name);
  const rows = rowNames(visual, asked);
  if (asked.length === 0) return rows.length === 0 && (date === undefined || askedDate);
  const finest = rows.at(-1);
  return finest !== undefined && asked.includes(finest);
}

/** Whether the prompt asks a question a visual answers (a measure or a breakdown). */
export const asksForVisual = (found: Recognized) => found.measures.length + found.dimensions.length > 0;

/** The report's table that has every field named: the preferred one, else the first in the model. */
function tableFor(model: SemanticModel, terms: readonly Term[], preferred: string | null): string | null {
  const common = model.tables
    .map((t) => t.name)
    .filter((name) => terms.every((term) => term.tables.includes(name)));
  if (preferred !== null && common.includes(preferred)) return preferred;
  return common[0] ?? null;
}

export type AdHocInput = {
  document: ReportDocument;
  model: SemanticModel;
  found: Recognized;
  /** The table of the page's best visual, if any: the same rows are read when it has the fields. */
  preferredTable: string | null;
  /** How many values of a dimension the organization has, if known (bars or a table). */
  valueCount: (table: string, column: string) => number | null;
  sort: { measure: Term; direction: 'asc' | 'desc' } | null;
};

const listOf = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;

const layout = (h: number) => ({ x: 0, y: 0, w: 12, h });

function freeId(doc: ReportDocument): string {
  const ids = new Set(doc.pages.flatMap((p) => p.visuals.map((v) => v.id)));
  let id = ADHOC_ID;
  for (let n = 2; ids.has(id); n += 1) id = `${ADHOC_ID}-${n}`;
  return id;
}

/**
 * The visual that shows exactly what was named, or null when no table of the report has all of
 * it (a field of one table and a field of another): the page answers as well as it can.
 */
export function adHocVisual(input: AdHocInput): AdHocVisual | null {
  const { model, found } = input;
  const table = tableFor(model, [...found.measures, ...found.dimensions], input.preferredTable);
  if (table === null) return null;
  const semantic = semanticTable(model, table);
  const measures =
    found.measures.length > 0
      ? found.measures.map((m) => m.name)
      : semantic.measures.slice(0, DEFAULT_MEASURES).map((m) => m.name);
  const labelOf = (name: string) => semantic.measures.find((m) => m.name === name)?.label ?? name;
  // "CTR by channel", "Conversions by channel and week": breakdowns in lower case, the date last.
  const lower = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);
  const by = [
    ...found.dimensions.filter((d) => d.name !== 'date').map((d) => lower(d.label)),
    ...(found.dimensions.some((d) => d.name === 'date') ? [found.grain ?? 'day'] : []),
  ];
  const title = `${listOf(measures.map(labelOf))}${by.length > 0 ? ` by ${listOf(by)}` : ''}`;
  const base = { id: freeId(input.document), title: title.slice(0, 200), table };
  const sort =
    input.sort === null ? [] : [{ field: input.sort.measure.name, direction: input.sort.direction }];
  const dateAsked = found.dimensions.some((d) => d.name === 'date');
  const date = { name: 'date', grain: found.grain ?? 'day' } as const;
  const others = found.dimensions
    .filter((d) => d.name !== 'date')
    .map((d) => ({ name: d.name, grain: null }));
  const [measure] = measures;
  if (measure === undefined) return null;

  if (!dateAsked && others.length === 0) {
    if (measures.length === 1) {
      const comparison = semantic.timeDimension === null ? null : ('previous_period' as const);
      return { ...base, kind: 'kpi', layout: layout(2), measure, comparison };
    }
    return {
      ...base,
      kind: 'table',
      layout: layout(3),
      dimensions: [],
      measures,
      sort: [],
      limit: null,
      totals: false,
    };
  }
  const [only] = others;
  if (dateAsked && others.length <= 1 && (others.length === 0 || measures.length === 1)) {
    return { ...base, kind: 'line', layout: layout(5), axis: date, legend: only ?? null, measures };
  }
  const count = only === undefined ? null : input.valueCount(table, only.name);
  if (
    !dateAsked &&
    others.length === 1 &&
    only !== undefined &&
    measures.length === 1 &&
    count !== null &&
    count <= MAX_BARS
  ) {
    return {
      ...base,
      kind: 'bar',
      layout: layout(5),
      axis: only,
      legend: null,
      measures,
      sort: sort.length > 0 ? sort : [{ field: measure, direction: 'desc' }],
      limit: null,
    };
  }
  return {
    ...base,
    kind: 'table',
    layout: layout(6),
    dimensions: dateAsked ? [...others, date] : others,
    measures,
    sort: sort.length > 0 ? sort : [{ field: measure, direction: 'desc' }],
    limit: TABLE_ROWS,
    totals: true,
  };
}
