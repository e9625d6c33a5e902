import { z } from 'zod';
import { operations } from './constants';
import { RoleSchema } from './organizations';

/**
 * Reports (DESIGN.md "Reports", spec 002 Dashboards and Filters): a report is a versioned JSON
 * document of pages, visuals and filters over a semantic model (packages/warehouse
 * src/reports); a bookmark's `state` is the encoded report state; the query endpoint answers one
 * visual at a time.
 */

/** Limits of the report engine: the spec's (§9) and the engine's own. */
export const reportLimits = {
  relativeDateCountMin: operations.relativeDateCountMin,
  relativeDateCountMax: operations.relativeDateCountMax,
  filterSummaryMaxValues: operations.filterSummaryMaxValues,
  defaultFilterTime: operations.defaultFilterTime,
  /** A chart never draws more points than this per series (coarser grain, then sampling). */
  maxPointsPerSeries: 2_000,
  /** A chart with a legend reads at most this many rows (2,000 points × 50 series). */
  maxChartRows: 100_000,
  /** Rows of a table or matrix visual: by default, and at most. */
  defaultTableRows: 1_000,
  maxTableRows: 10_000,
  /** Distinct values of a list filter per page of the cursor. */
  filterValuesPageSize: 100,
  /** The encoded state of a bookmark, in characters. */
  maxEncodedStateLength: 65_536,
} as const;

export const ReportErrorType = {
  /** The report slug, page or visual does not exist. */
  reportNotFound: 'report_not_found',
  /** A table, dimension or measure the model does not have. */
  unknownField: 'unknown_field',
  /** A well-formed query the engine cannot answer (a text filter on a date, offset without limit). */
  invalidQuery: 'invalid_report_query',
  /** A KPI comparison needs a bounded period (a date range or a date filter on the time dimension). */
  comparisonNeedsPeriod: 'comparison_needs_period',
  invalidCursor: 'invalid_cursor',
  invalidState: 'invalid_report_state',
  /** spec 002 §8: the organization has never loaded data (no model tables yet). */
  workspaceNotSetup: 'workspace_not_setup',
  /** A report query ran longer than the engine's time limit. */
  queryTimeout: 'query_timeout',
  /** The organization's warehouse failed to answer (its destination unreachable, an engine error). */
  warehouseError: 'warehouse_error',
} as const;
export type ReportErrorType = (typeof ReportErrorType)[keyof typeof ReportErrorType];

/** A table, dimension or measure name of the semantic model (a warehouse identifier). */
export const ReportFieldNameSchema = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'invalid field name');
/** Page names, visual and filter ids: stable keys the state and the URLs refer to. */
const KeySchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'invalid id');
export const ReportSlugSchema = z.string().regex(/^-?[a-z0-9]+(?:-[a-z0-9]+)*$/, 'invalid report slug');
const IsoDateSchema = z.iso.date();

export const TimeGrainSchema = z.enum(['day', 'week', 'month', 'quarter', 'year']);
export type TimeGrain = z.infer<typeof TimeGrainSchema>;
export const TIME_GRAINS = TimeGrainSchema.options;

export const DateRangeSchema = z
  .object({ from: IsoDateSchema, to: IsoDateSchema })
  .refine((r) => r.from <= r.to, { message: 'from must not be after to', path: ['to'] });
export type DateRange = z.infer<typeof DateRangeSchema>;

// ---- Filters (spec 002 Filters) ------------------------------------------------------------

const filterBase = { id: KeySchema, table: ReportFieldNameSchema, column: ReportFieldNameSchema };

/** A value of a list filter: null is the blank value. Dates are `YYYY-MM-DD`. */
export const FilterValueSchema = z.union([z.string().max(1_000), z.number(), z.null()]);
export type FilterValue = z.infer<typeof FilterValueSchema>;

/** Basic filter: rows whose column is (or is not) one of the values; no values filters nothing. */
export const ListFilterSchema = z.object({
  ...filterBase,
  kind: z.literal('list'),
  mode: z.enum(['include', 'exclude']),
  values: z.array(FilterValueSchema).max(1_000),
});

export const RelativeDateOperatorSchema = z.enum(['in_the_last', 'in_this', 'in_the_next']);
export const RelativeDateUnitSchema = TimeGrainSchema;

/** In the last / this / the next `count` units; "in this" has no count (fixed at 1). */
export const RelativeDateFilterSchema = z
  .object({
    ...filterBase,
    kind: z.literal('relative_date'),
    operator: RelativeDateOperatorSchema,
    count: z
      .number()
      .int()
      .min(reportLimits.relativeDateCountMin)
      .max(reportLimits.relativeDateCountMax)
      .nullable(),
    unit: RelativeDateUnitSchema,
  })
  .refine((f) => (f.operator === 'in_this' ? (f.count ?? 1) === 1 : f.count !== null), {
    message: 'enter a count (none for "in this")',
    path: ['count'],
  });

/** `YYYY-MM-DDTHH:mm[:ss]` in the report's time zone (UTC); the editor's default time is 12:00. */
export const FilterDateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/, 'expected YYYY-MM-DDTHH:mm')
  .pipe(z.iso.datetime({ local: true }));

export const AdvancedDateFilterSchema = z.object({
  ...filterBase,
  kind: z.literal('advanced_date'),
  operator: z.enum(['is', 'is_not', 'is_before', 'is_after']),
  value: FilterDateTimeSchema,
});

const BLANK_OPERATORS = ['is_blank', 'is_not_blank'] as const;

/** Text conditions; every operator but is blank / is not blank needs non-empty text. */
export const AdvancedTextFilterSchema = z
  .object({
    ...filterBase,
    kind: z.literal('advanced_text'),
    operator: z.enum(['contains', 'does_not_contain', 'starts_with', 'is', 'is_not', ...BLANK_OPERATORS]),
    value: z.string().max(1_000).nullable(),
  })
  .refine(
    (f) =>
      (BLANK_OPERATORS as readonly string[]).includes(f.operator)
        ? f.value === null
        : f.value !== null && f.value.trim() !== '',
    { message: 'enter a non-empty text', path: ['value'] },
  );

export const ReportFilterSchema = z.discriminatedUnion('kind', [
  ListFilterSchema,
  RelativeDateFilterSchema,
  AdvancedDateFilterSchema,
  AdvancedTextFilterSchema,
]);
export type ListFilter = z.infer<typeof ListFilterSchema>;
export type RelativeDateFilter = z.infer<typeof RelativeDateFilterSchema>;
export type AdvancedDateFilter = z.infer<typeof AdvancedDateFilterSchema>;
export type AdvancedTextFilter = z.infer<typeof AdvancedTextFilterSchema>;
export type ReportFilter = z.infer<typeof ReportFilterSchema>;

const FiltersSchema = z.array(ReportFilterSchema).max(50);

// ---- Visuals -------------------------------------------------------------------------------

/** A dimension of the visual's table; a date dimension may be truncated to a grain. */
export const DimensionRefSchema = z.object({
  name: ReportFieldNameSchema,
  grain: TimeGrainSchema.nullable(),
});
export type DimensionRef = z.infer<typeof DimensionRefSchema>;

export const SortSchema = z.object({ field: ReportFieldNameSchema, direction: z.enum(['asc', 'desc']) });
export type Sort = z.infer<typeof SortSchema>;
const SortsSchema = z.array(SortSchema).max(5);

/** Position on the page's grid of 12 columns and rows of fixed height. */
export const VisualLayoutSchema = z
  .object({
    x: z.number().int().min(0).max(11),
    y: z.number().int().min(0).max(1_000),
    w: z.number().int().min(1).max(12),
    h: z.number().int().min(1).max(100),
  })
  .refine((l) => l.x + l.w <= 12, { message: 'the visual overflows the grid', path: ['w'] });

const visualBase = {
  id: KeySchema,
  title: z.string().max(200).nullable(),
  /** The semantic model table the visual reads (one table per query). */
  table: ReportFieldNameSchema,
  layout: VisualLayoutSchema,
};
const MeasuresSchema = z.array(ReportFieldNameSchema).min(1).max(10);
const chartLimit = z.number().int().min(1).max(reportLimits.maxPointsPerSeries).nullable();

export const KpiVisualSchema = z.object({
  ...visualBase,
  kind: z.literal('kpi'),
  measure: ReportFieldNameSchema,
  /** Compare with the previous period of equal length. */
  comparison: z.enum(['previous_period']).nullable(),
});

const oneMeasureWithLegend = [
  (v: { legend: unknown; measures: string[] }) => v.legend === null || v.measures.length === 1,
  { message: 'a chart with a legend shows one measure', path: ['measures'] },
] satisfies [unknown, { message: string; path: string[] }];

/** Over time: the axis is a date dimension; with a legend, one measure split into series. */
export const TimeChartVisualSchema = z
  .object({
    ...visualBase,
    kind: z.enum(['line', 'area']),
    axis: DimensionRefSchema,
    legend: DimensionRefSchema.nullable(),
    measures: MeasuresSchema,
  })
  .refine(...oneMeasureWithLegend);

export const CategoryChartVisualSchema = z
  .object({
    ...visualBase,
    kind: z.enum(['bar', 'column', 'stacked_bar', 'stacked_column']),
    axis: DimensionRefSchema,
    legend: DimensionRefSchema.nullable(),
    measures: MeasuresSchema,
    sort: SortsSchema,
    limit: chartLimit,
  })
  .refine(...oneMeasureWithLegend);

export const PieVisualSchema = z.object({
  ...visualBase,
  kind: z.enum(['pie', 'donut']),
  legend: DimensionRefSchema,
  measure: ReportFieldNameSchema,
  limit: chartLimit,
});

const tableLimit = z.number().int().min(1).max(reportLimits.maxTableRows).nullable();

export const TableVisualSchema = z
  .object({
    ...visualBase,
    kind: z.literal('table'),
    dimensions: z.array(DimensionRefSchema).max(10),
    measures: z.array(ReportFieldNameSchema).max(20),
    sort: SortsSchema,
    limit: tableLimit,
    /** A totals row: the measures over every row that passes the filters. */
    totals: z.boolean(),
  })
  .refine((v) => v.dimensions.length + v.measures.length > 0, {
    message: 'a table needs a column',
    path: ['measures'],
  });

export const MatrixVisualSchema = z.object({
  ...visualBase,
  kind: z.literal('matrix'),
  rows: z.array(DimensionRefSchema).min(1).max(5),
  columns: z.array(DimensionRefSchema).max(3),
  measures: MeasuresSchema,
  sort: SortsSchema,
  limit: tableLimit,
  /** Row, column and grand totals. */
  totals: z.boolean(),
});

/** A slicer filters its page by one dimension; its selection lives in the report state. */
export const SlicerVisualSchema = z.object({
  ...visualBase,
  kind: z.literal('slicer'),
  dimension: ReportFieldNameSchema,
});

export const VisualSchema = z.discriminatedUnion('kind', [
  KpiVisualSchema,
  TimeChartVisualSchema,
  CategoryChartVisualSchema,
  PieVisualSchema,
  TableVisualSchema,
  MatrixVisualSchema,
  SlicerVisualSchema,
]);
export type Visual = z.infer<typeof VisualSchema>;
export type VisualKind = Visual['kind'];

// ---- The report document -------------------------------------------------------------------

export const REPORT_DOCUMENT_VERSION = 1;

export const ReportPageSchema = z.object({
  name: KeySchema,
  display_name: z.string().trim().min(1).max(100),
  /** spec 002: pages with visibility 1 are hidden in embedded reports. */
  visibility: z.union([z.literal(0), z.literal(1)]),
  visuals: z.array(VisualSchema).max(50),
  filters: FiltersSchema,
});
export type ReportPage = z.infer<typeof ReportPageSchema>;

function duplicate(values: readonly string[]): string | null {
  return values.find((value, i) => values.indexOf(value) !== i) ?? null;
}

export const ReportDocumentSchema = z
  .object({
    version: z.literal(REPORT_DOCUMENT_VERSION),
    id: KeySchema,
    slug: ReportSlugSchema,
    name: z.string().trim().min(1).max(100),
    /** The semantic model the report reads (the report's dataset). */
    model: ReportFieldNameSchema,
    pages: z.array(ReportPageSchema).min(1).max(50),
    filters: FiltersSchema,
  })
  .superRefine((doc, ctx) => {
    const keys: [string, string[]][] = [
      ['page name', doc.pages.map((p) => p.name)],
      ['visual id', doc.pages.flatMap((p) => p.visuals.map((v) => v.id))],
      ['filter id', [...doc.filters, ...doc.pages.flatMap((p) => p.filters)].map((f) => f.id)],
    ];
    for (const [what, values] of keys) {
      const repeated = duplicate(values);
      if (repeated !== null) ctx.addIssue({ code: 'custom', message: `duplicate ${what} ${repeated}` });
    }
  });
export type ReportDocument = z.infer<typeof ReportDocumentSchema>;

// ---- The report state a bookmark encodes ---------------------------------------------------

export const REPORT_STATE_VERSION = 1;

export const ReportStateSchema = z
  .object({
    version: z.literal(REPORT_STATE_VERSION),
    /** The active page's name. */
    page: KeySchema,
    /** Report and page filters as the user set them, replacing the document's of the same id. */
    filters: FiltersSchema,
    /** Each slicer's selection. */
    slicers: z.array(z.object({ visual_id: KeySchema, filter: ReportFilterSchema })).max(50),
    /** Sort chosen on a visual (a table header click). */
    sort: z.array(z.object({ visual_id: KeySchema, sort: SortsSchema })).max(50),
  })
  .superRefine((state, ctx) => {
    const repeated =
      duplicate(state.filters.map((f) => f.id)) ??
      duplicate(state.slicers.map((s) => s.visual_id)) ??
      duplicate(state.sort.map((s) => s.visual_id));
    if (repeated !== null) ctx.addIssue({ code: 'custom', message: `${repeated} is given twice` });
  });
export type ReportState = z.infer<typeof ReportStateSchema>;

export class ReportStateError extends Error {
  override readonly name = 'ReportStateError';
  readonly type = ReportErrorType.invalidState;
}

/** The state as a bookmark stores it: base64url of its JSON (validated first). */
export function encodeReportState(state: ReportState): string {
  const parsed = ReportStateSchema.safeParse(state);
  if (!parsed.success) throw new ReportStateError(`invalid report state: ${parsed.error.message}`);
  const bytes = new TextEncoder().encode(JSON.stringify(parsed.data));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decodes and validates a bookmark's state; anything else is a `ReportStateError`. */
export function decodeReportState(encoded: string): ReportState {
  if (encoded.length > reportLimits.maxEncodedStateLength || !/^[A-Za-z0-9_-]*$/.test(encoded)) {
    throw new ReportStateError('the report state is not base64url text of an accepted length');
  }
  let json: unknown;
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new ReportStateError('the report state is not encoded JSON');
  }
  const version = typeof json === 'object' && json !== null ? (json as { version?: unknown }).version : null;
  if (version !== REPORT_STATE_VERSION) {
    throw new ReportStateError(`unsupported report state version ${JSON.stringify(version ?? null)}`);
  }
  const parsed = ReportStateSchema.safeParse(json);
  if (!parsed.success) throw new ReportStateError(`invalid report state: ${parsed.error.message}`);
  return parsed.data;
}

// ---- The query endpoint --------------------------------------------------------------------

/** One visual of one page, under the filters in effect (report, page and slicers as set). */
export const ReportQueryRequestSchema = z.object({
  organization_id: z.uuid(),
  report: ReportSlugSchema,
  page: KeySchema,
  visual_id: KeySchema,
  filters: FiltersSchema,
  date_range: DateRangeSchema.nullable(),
  /** Replaces the visual's own sort (a table header click). */
  sort: SortsSchema.nullable(),
});
export type ReportQueryRequest = z.infer<typeof ReportQueryRequestSchema>;

export const ReportValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const ReportRowSchema = z.record(z.string(), ReportValueSchema);
export type ReportRow = z.infer<typeof ReportRowSchema>;

export const MeasureFormatSchema = z.enum(['currency', 'percent', 'number']);
export type MeasureFormat = z.infer<typeof MeasureFormatSchema>;
export const DimensionTypeSchema = z.enum(['string', 'date', 'number']);
export type DimensionType = z.infer<typeof DimensionTypeSchema>;

export const ReportColumnSchema = z.object({
  name: z.string(),
  label: z.string(),
  role: z.enum(['dimension', 'measure']),
  type: DimensionTypeSchema,
  /** Measures only: how to show the number (percent: 0.05 is 5%). */
  format: MeasureFormatSchema.nullable(),
  /** Date dimensions only: the grain the rows are at. */
  grain: TimeGrainSchema.nullable(),
});
export type ReportColumn = z.infer<typeof ReportColumnSchema>;

export const ReportQueryResponseSchema = z.object({
  columns: z.array(ReportColumnSchema),
  rows: z.array(ReportRowSchema),
  /** More rows exist than the visual's limit let through. */
  truncated: z.boolean(),
  /** The points were aggregated to a coarser grain or thinned to stay within 2,000 a series. */
  sampled: z.boolean(),
  /** Tables and matrices with totals: over every row, per row dimensions, per column dimensions. */
  totals: z
    .object({ grand: ReportRowSchema, rows: z.array(ReportRowSchema), columns: z.array(ReportRowSchema) })
    .nullable(),
  /** KPI comparison: the same measure over the previous period of equal length. */
  comparison: z.object({ from: IsoDateSchema, to: IsoDateSchema, rows: z.array(ReportRowSchema) }).nullable(),
  /**
   * How fresh the visual's data is: for a chart over time, the last day with data among the rows
   * read; for the other visuals, the last day of the table the visual reads. Null when the table
   * has no date or no rows.
   */
  data_through: IsoDateSchema.nullable().optional(),
});
export type ReportQueryResponse = z.infer<typeof ReportQueryResponseSchema>;

/** spec 002 §7 Filter options: a list filter's values, a page at a time through a cursor. */
export const FilterOptionsRequestSchema = z.object({
  organization_id: z.uuid(),
  /** The semantic model (the report's dataset). */
  datasetId: ReportFieldNameSchema,
  table: ReportFieldNameSchema,
  column: ReportFieldNameSchema,
  /** Absent or null: the first page. */
  cursor: z.string().min(1).max(4_096).nullable().default(null),
});
export type FilterOptionsRequest = z.infer<typeof FilterOptionsRequestSchema>;

export const FilterOptionsResponseSchema = z.object({
  data: z.array(FilterValueSchema),
  nextCursor: z.string().nullable(),
});
export type FilterOptionsResponse = z.infer<typeof FilterOptionsResponseSchema>;

// ---- The reports list and a report's access (spec 002 §3 Embed report, §7 Embed) ----------

/**
 * Slugs no custom report may take ('Duplicate or reserved name'): the built-in reports' and the
 * words of the reports API's own paths (`/reports/filter-values`).
 */
export const RESERVED_REPORT_SLUGS = ['-maya', '-seo-v1', 'filter-values'] as const;

/** spec 002 §4: edit mode needs the report's access_level Edit. */
export const ReportAccessLevelSchema = z.enum(['Edit', 'View']);
export type ReportAccessLevel = z.infer<typeof ReportAccessLevelSchema>;

/** spec 002 §3 Embed report. */
export const EmbedReportSchema = z.object({
  id: z.string(),
  slug: ReportSlugSchema,
  /** Built-in names start with '-', which the sidebar strips. */
  name: z.string(),
  /** Where the report's document is read (`GET /api/reports/{slug}?organization_id=`). */
  embed_url: z.string(),
  /** The signed embed token of a report embedded in another site; null in the app, whose session token reads it. */
  access_token: z.string().nullable(),
  access_level: ReportAccessLevelSchema,
  /** The caller's role in the organization (bookmark visibility editing depends on it). */
  permission_level: RoleSchema,
  /** The report reads the demo organization. */
  demo: z.boolean(),
  is_custom: z.boolean(),
  /** The semantic model the report reads: the `datasetId` of its filter options. */
  dataset_id: ReportFieldNameSchema,
});
export type EmbedReport = z.infer<typeof EmbedReportSchema>;

export const ReportOrganizationQuerySchema = z.object({ organization_id: z.uuid() });
export const ReportSlugParamsSchema = z.object({ slug: ReportSlugSchema });

/** spec 002 §7 List embed reports. */
export const ReportListResponseSchema = z.object({ reports: z.array(EmbedReportSchema) });
export type ReportListResponse = z.infer<typeof ReportListResponseSchema>;

/** spec 002 §7 Report access: the report, its document, and the last day of data it reads. */
export const ReportAccessResponseSchema = z.object({
  report: EmbedReportSchema,
  document: ReportDocumentSchema,
  /** The last day with data among the tables the report reads; null when they hold no rows. */
  data_through: IsoDateSchema.nullable(),
});
export type ReportAccessResponse = z.infer<typeof ReportAccessResponseSchema>;
