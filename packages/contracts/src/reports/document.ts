import { z } from 'zod/mini';
import {
  KeySchema,
  ReportFieldNameSchema,
  ReportSlugSchema,
  TimeGrainSchema,
  duplicate,
  reportLimits,
} from './common';
import { FiltersSchema, ReportFilterSchema } from './filters';

// ---- Visuals -------------------------------------------------------------------------------

/** A dimension of the visual's table; a date dimension may be truncated to a grain. */
export const DimensionRefSchema = z.object({
  name: ReportFieldNameSchema,
  grain: z.nullable(TimeGrainSchema),
});
export type DimensionRef = z.infer<typeof DimensionRefSchema>;

export const SortSchema = z.object({ field: ReportFieldNameSchema, direction: z.enum(['asc', 'desc']) });
export type Sort = z.infer<typeof SortSchema>;
/**
 * A visual's sort, or the one a state or a query puts in its place. Internal to the report
 * schemas (reports/index.ts does not re-export it).
 */
export const SortsSchema = z.array(SortSchema).check(z.maxLength(5));

/** Position on the page's grid of 12 columns and rows of fixed height. */
export const VisualLayoutSchema = z
  .object({
    x: z.int().check(z.minimum(0), z.maximum(11)),
    y: z.int().check(z.minimum(0), z.maximum(1_000)),
    w: z.int().check(z.minimum(1), z.maximum(12)),
    h: z.int().check(z.minimum(1), z.maximum(100)),
  })
  .check(z.refine((l) => l.x + l.w <= 12, { message: 'the visual overflows the grid', path: ['w'] }));

const visualBase = {
  id: KeySchema,
  title: z.nullable(z.string().check(z.maxLength(200))),
  /** The semantic model table the visual reads (one table per query). */
  table: ReportFieldNameSchema,
  layout: VisualLayoutSchema,
  /**
   * The visual's own filters (issue 32), on columns of its table, applied with the report's and
   * the page's; a viewer sees them but does not change them. Absent in visuals made before them.
   */
  filters: z.optional(z.array(ReportFilterSchema).check(z.maxLength(reportLimits.maxVisualFilters))),
};
const MeasuresSchema = z.array(ReportFieldNameSchema).check(z.minLength(1), z.maxLength(10));
const chartLimit = z.nullable(z.int().check(z.minimum(1), z.maximum(reportLimits.maxPointsPerSeries)));

export const KpiVisualSchema = z.object({
  ...visualBase,
  kind: z.literal('kpi'),
  measure: ReportFieldNameSchema,
  /** Compare with the previous period of equal length. */
  comparison: z.nullable(z.enum(['previous_period'])),
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
    legend: z.nullable(DimensionRefSchema),
    measures: MeasuresSchema,
  })
  .check(z.refine(...oneMeasureWithLegend));

export const CategoryChartVisualSchema = z
  .object({
    ...visualBase,
    kind: z.enum(['bar', 'column', 'stacked_bar', 'stacked_column']),
    axis: DimensionRefSchema,
    legend: z.nullable(DimensionRefSchema),
    measures: MeasuresSchema,
    sort: SortsSchema,
    limit: chartLimit,
  })
  .check(z.refine(...oneMeasureWithLegend));

export const PieVisualSchema = z.object({
  ...visualBase,
  kind: z.enum(['pie', 'donut']),
  legend: DimensionRefSchema,
  measure: ReportFieldNameSchema,
  limit: chartLimit,
});

/**
 * Rows a table visual shows a page at a time (the request's `offset` turns the pages), or a
 * matrix shows at most; null for reportLimits.defaultTableRows.
 */
const tableLimit = z.nullable(z.int().check(z.minimum(1), z.maximum(reportLimits.maxTableRows)));

export const TableVisualSchema = z
  .object({
    ...visualBase,
    kind: z.literal('table'),
    dimensions: z.array(DimensionRefSchema).check(z.maxLength(10)),
    measures: z.array(ReportFieldNameSchema).check(z.maxLength(20)),
    sort: SortsSchema,
    limit: tableLimit,
    /** A totals row: the measures over every row that passes the filters. */
    totals: z.boolean(),
  })
  .check(
    z.refine((v) => v.dimensions.length + v.measures.length > 0, {
      message: 'a table needs a column',
      path: ['measures'],
    }),
  );

export const MatrixVisualSchema = z.object({
  ...visualBase,
  kind: z.literal('matrix'),
  rows: z.array(DimensionRefSchema).check(z.minLength(1), z.maxLength(5)),
  columns: z.array(DimensionRefSchema).check(z.maxLength(3)),
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

/**
 * A visual the report state carries beside its page's own (decision 250): the AI Builder's
 * answer when no visual of the report shows what was asked ("CTR by channel"). The same model as
 * a page's visual, so the report editor can place it on a page as it is; any kind but a slicer
 * (a slicer answers nothing). Its layout's height is the room it takes above the page's visuals.
 */
export const AdHocVisualSchema = z.discriminatedUnion('kind', [
  KpiVisualSchema,
  TimeChartVisualSchema,
  CategoryChartVisualSchema,
  PieVisualSchema,
  TableVisualSchema,
  MatrixVisualSchema,
]);
export type AdHocVisual = z.infer<typeof AdHocVisualSchema>;

// ---- The report document -------------------------------------------------------------------

export const REPORT_DOCUMENT_VERSION = 1;

export const ReportPageSchema = z.object({
  name: KeySchema,
  display_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  /** spec 002: pages with visibility 1 are hidden in embedded reports. */
  visibility: z.union([z.literal(0), z.literal(1)]),
  visuals: z.array(VisualSchema).check(z.maxLength(50)),
  filters: FiltersSchema,
});
export type ReportPage = z.infer<typeof ReportPageSchema>;

/**
 * A calculated metric of the report (issue 32): a formula over measures of one table
 * (`spend / conversions`), a measure of that table for this report's visuals by `name`. Shown in
 * the organization's currency, as a percentage or as a number; a formula never mixes an
 * account's own currencies.
 */
export const CalculatedMeasureSchema = z.object({
  table: ReportFieldNameSchema,
  name: ReportFieldNameSchema,
  label: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  formula: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
  format: z.enum(['currency', 'percent', 'number']),
});
export type CalculatedMeasure = z.infer<typeof CalculatedMeasureSchema>;

export const ReportDocumentSchema = z
  .object({
    version: z.literal(REPORT_DOCUMENT_VERSION),
    id: KeySchema,
    slug: ReportSlugSchema,
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    /** The semantic model the report reads (the report's dataset). */
    model: ReportFieldNameSchema,
    pages: z.array(ReportPageSchema).check(z.minLength(1), z.maxLength(50)),
    filters: FiltersSchema,
    /** Formulas over measures; absent in documents written before them. */
    calculatedMeasures: z.optional(z.array(CalculatedMeasureSchema).check(z.maxLength(50))),
  })
  .check(
    z.superRefine((doc, ctx) => {
      const keys: [string, string[]][] = [
        ['calculated metric', (doc.calculatedMeasures ?? []).map((c) => `${c.table}.${c.name}`)],
        ['page name', doc.pages.map((p) => p.name)],
        ['visual id', doc.pages.flatMap((p) => p.visuals.map((v) => v.id))],
        ['filter id', [...doc.filters, ...doc.pages.flatMap((p) => p.filters)].map((f) => f.id)],
      ];
      for (const visual of doc.pages.flatMap((p) => p.visuals)) {
        keys.push([`filter id of visual ${visual.id}:`, (visual.filters ?? []).map((f) => f.id)]);
      }
      for (const [what, values] of keys) {
        const repeated = duplicate(values);
        if (repeated !== null) ctx.addIssue({ code: 'custom', message: `duplicate ${what} ${repeated}` });
      }
    }),
  );
export type ReportDocument = z.infer<typeof ReportDocumentSchema>;
