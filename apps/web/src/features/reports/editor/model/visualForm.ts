import {
  unreachable,
  type DimensionRef,
  type ReportFilter,
  type ReportFieldTable,
  type Sort,
  type TimeGrain,
  type Visual,
  type VisualKind,
} from '@maya/contracts';

// The add/edit visual form (issue 32): one flat set of choices for every chart type, turned into
// the document's visual of that kind (or what is still missing), and back.

export type EditableKind = Exclude<VisualKind, 'slicer'>;

export type VisualFormValues = {
  kind: EditableKind;
  table: string;
  title: string;
  measures: string[];
  /** A chart's axis (a pie's slices); a table's dimensions and a matrix's rows are `dimensions`. */
  axis: string | null;
  legend: string | null;
  dimensions: string[];
  columns: string[];
  /** The grain of the date dimensions; null: by day. */
  grain: TimeGrain | null;
  comparison: boolean;
  totals: boolean;
  sortField: string | null;
  sortDirection: Sort['direction'];
  limit: number | null;
  /** The visual's own filters, on columns of `table`. */
  filters: ReportFilter[];
};

/** The place a new visual of each kind takes (columns of 12, rows of 64 px). */
export const DEFAULT_SIZE: Record<EditableKind, { w: number; h: number }> = {
  kpi: { w: 3, h: 2 },
  line: { w: 6, h: 5 },
  area: { w: 6, h: 5 },
  bar: { w: 6, h: 5 },
  column: { w: 6, h: 5 },
  stacked_bar: { w: 6, h: 5 },
  stacked_column: { w: 6, h: 5 },
  pie: { w: 4, h: 5 },
  donut: { w: 4, h: 5 },
  table: { w: 12, h: 6 },
  matrix: { w: 12, h: 6 },
};

const ONE_MEASURE: ReadonlySet<EditableKind> = new Set(['kpi', 'pie', 'donut']);
export const onlyOneMeasure = (kind: EditableKind) => ONE_MEASURE.has(kind);
export const hasAxis = (kind: EditableKind) => !['kpi', 'table', 'matrix'].includes(kind);
export const hasLegend = (kind: EditableKind) =>
  ['line', 'area', 'bar', 'column', 'stacked_bar', 'stacked_column'].includes(kind);
export const hasSortAndLimit = (kind: EditableKind) => !['kpi', 'line', 'area'].includes(kind);

export function emptyForm(table: ReportFieldTable | undefined): VisualFormValues {
  return {
    kind: 'kpi',
    table: table?.name ?? '',
    title: '',
    measures: [],
    axis: null,
    legend: null,
    dimensions: [],
    columns: [],
    grain: null,
    comparison: true,
    totals: false,
    sortField: null,
    sortDirection: 'desc',
    limit: null,
    filters: [],
  };
}

/** Days a new date filter of a visual keeps: the last 30, as the report's own filter starts. */
const NEW_DATE_FILTER_DAYS = 30;

/**
 * A new filter of the visual on `column` of its table, under an id none of `filters` has: a date
 * keeps the last 30 days, any other column every value until some are ticked.
 */
export function newVisualFilter(
  table: ReportFieldTable,
  column: string,
  filters: readonly ReportFilter[],
): ReportFilter {
  const taken = new Set(filters.map((f) => f.id));
  let id = column;
  for (let n = 2; taken.has(id); n++) id = `${column}_${n}`;
  const base = { id, table: table.name, column };
  const type = table.dimensions.find((d) => d.name === column)?.type;
  return type === 'date'
    ? { ...base, kind: 'relative_date', operator: 'in_the_last', count: NEW_DATE_FILTER_DAYS, unit: 'day' }
    : { ...base, kind: 'list', mode: 'include', values: [] };
}

/** What the form misses for its kind, or the visual it makes. */
export function formToVisual(
  form: VisualFormValues,
  table: ReportFieldTable,
  base: Pick<Visual, 'id' | 'layout'>,
): { visual: Visual } | { missing: string } {
  const ref = (name: string): DimensionRef => {
    const dimension = table.dimensions.find((d) => d.name === name);
    return { name, grain: dimension?.type === 'date' ? form.grain : null };
  };
  const common = {
    ...base,
    title: form.title.trim() === '' ? null : form.title.trim(),
    table: table.name,
    // Only the filters on this table: the form may hold those of a table chosen before.
    ...(form.filters.length > 0 ? { filters: form.filters.filter((f) => f.table === table.name) } : {}),
  };
  const measures = form.measures.slice(0, onlyOneMeasure(form.kind) ? 1 : 20);
  const sort: Sort[] =
    form.sortField === null ? [] : [{ field: form.sortField, direction: form.sortDirection }];
  if (measures.length === 0 && form.kind !== 'table') return { missing: 'a measure' };
  const [measure] = measures as [string];
  switch (form.kind) {
    case 'kpi':
      return {
        visual: { ...common, kind: 'kpi', measure, comparison: form.comparison ? 'previous_period' : null },
      };
    case 'line':
    case 'area': {
      const axis = table.dimensions.find((d) => d.name === form.axis);
      if (axis?.type !== 'date') return { missing: 'a date for the axis' };
      const legend = form.legend === null ? null : ref(form.legend);
      return {
        visual: {
          ...common,
          kind: form.kind,
          axis: ref(axis.name),
          legend,
          measures: legend === null ? measures : [measure],
        },
      };
    }
    case 'bar':
    case 'column':
    case 'stacked_bar':
    case 'stacked_column': {
      if (form.axis === null) return { missing: 'a dimension for the axis' };
      const legend = form.legend === null ? null : ref(form.legend);
      return {
        visual: {
          ...common,
          kind: form.kind,
          axis: ref(form.axis),
          legend,
          measures: legend === null ? measures : [measure],
          sort,
          limit: form.limit,
        },
      };
    }
    case 'pie':
    case 'donut':
      if (form.axis === null) return { missing: 'a dimension for the slices' };
      return { visual: { ...common, kind: form.kind, legend: ref(form.axis), measure, limit: form.limit } };
    case 'table':
      if (form.dimensions.length + measures.length === 0) return { missing: 'a dimension or a measure' };
      return {
        visual: {
          ...common,
          kind: 'table',
          dimensions: form.dimensions.map(ref),
          measures,
          sort,
          limit: form.limit,
          totals: form.totals,
        },
      };
    case 'matrix':
      if (form.dimensions.length === 0) return { missing: 'a dimension for the rows' };
      return {
        visual: {
          ...common,
          kind: 'matrix',
          rows: form.dimensions.slice(0, 5).map(ref),
          columns: form.columns.slice(0, 3).map(ref),
          measures,
          sort,
          limit: form.limit,
          totals: form.totals,
        },
      };
    default:
      return unreachable(form.kind);
  }
}

/** The form showing `visual` (a slicer is not edited here). */
export function visualToForm(visual: Exclude<Visual, { kind: 'slicer' }>): VisualFormValues {
  const base = {
    ...emptyForm(undefined),
    kind: visual.kind,
    table: visual.table,
    title: visual.title ?? '',
    filters: visual.filters ?? [],
  };
  const sortOf = (sort: Sort[]) => ({
    sortField: sort[0]?.field ?? null,
    sortDirection: sort[0]?.direction ?? 'desc',
  });
  switch (visual.kind) {
    case 'kpi':
      return { ...base, measures: [visual.measure], comparison: visual.comparison !== null };
    case 'line':
    case 'area':
      return {
        ...base,
        measures: visual.measures,
        axis: visual.axis.name,
        grain: visual.axis.grain,
        legend: visual.legend?.name ?? null,
      };
    case 'bar':
    case 'column':
    case 'stacked_bar':
    case 'stacked_column':
      return {
        ...base,
        measures: visual.measures,
        axis: visual.axis.name,
        grain: visual.axis.grain,
        legend: visual.legend?.name ?? null,
        ...sortOf(visual.sort),
        limit: visual.limit,
      };
    case 'pie':
    case 'donut':
      return {
        ...base,
        measures: [visual.measure],
        axis: visual.legend.name,
        grain: visual.legend.grain,
        limit: visual.limit,
      };
    case 'table':
      return {
        ...base,
        measures: visual.measures,
        dimensions: visual.dimensions.map((d) => d.name),
        grain: visual.dimensions.find((d) => d.grain !== null)?.grain ?? null,
        ...sortOf(visual.sort),
        limit: visual.limit,
        totals: visual.totals,
      };
    case 'matrix':
      return {
        ...base,
        measures: visual.measures,
        dimensions: visual.rows.map((d) => d.name),
        columns: visual.columns.map((d) => d.name),
        grain: [...visual.rows, ...visual.columns].find((d) => d.grain !== null)?.grain ?? null,
        ...sortOf(visual.sort),
        limit: visual.limit,
        totals: visual.totals,
      };
    default:
      return unreachable(visual);
  }
}
