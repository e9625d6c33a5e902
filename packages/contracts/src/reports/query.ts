import { z } from 'zod/mini';
import {
  DateRangeSchema,
  IsoDateSchema,
  KeySchema,
  ReportFieldNameSchema,
  ReportSlugSchema,
  TimeGrainSchema,
  reportLimits,
} from './common';
import { SortsSchema } from './document';
import { FilterValueSchema, FiltersSchema } from './filters';

// ---- The query endpoint --------------------------------------------------------------------

/** One visual of one page, under the filters in effect (report, page and slicers as set). */
export const ReportQueryRequestSchema = z.object({
  organization_id: z.uuid(),
  report: ReportSlugSchema,
  page: KeySchema,
  visual_id: KeySchema,
  filters: FiltersSchema,
  date_range: z.nullable(DateRangeSchema),
  /** Replaces the visual's own sort (a table header click). */
  sort: z.nullable(SortsSchema),
  /**
   * Table visuals only: the rows to skip, a page of the visual's `limit` rows at a time; absent or
   * 0 for the first page. `truncated` in the answer tells that a next page exists.
   */
  offset: z.optional(z.int().check(z.minimum(0), z.maximum(reportLimits.maxTableRows))),
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
  format: z.nullable(MeasureFormatSchema),
  /** Date dimensions only: the grain the rows are at. */
  grain: z.nullable(TimeGrainSchema),
});
export type ReportColumn = z.infer<typeof ReportColumnSchema>;

export const ReportQueryResponseSchema = z.object({
  columns: z.array(ReportColumnSchema),
  rows: z.array(ReportRowSchema),
  /** More rows exist than the visual's limit let through (for a table: after this page). */
  truncated: z.boolean(),
  /** The points were aggregated to a coarser grain or thinned to stay within 2,000 a series. */
  sampled: z.boolean(),
  /** Tables and matrices with totals: over every row, per row dimensions, per column dimensions. */
  totals: z.nullable(
    z.object({ grand: ReportRowSchema, rows: z.array(ReportRowSchema), columns: z.array(ReportRowSchema) }),
  ),
  /** KPI comparison: the same measure over the previous period of equal length. */
  comparison: z.nullable(
    z.object({ from: IsoDateSchema, to: IsoDateSchema, rows: z.array(ReportRowSchema) }),
  ),
  /**
   * How fresh the visual's data is: for a chart over time, the last day with data among the rows
   * read; for the other visuals, the last day of the table the visual reads. Null when the table
   * has no date or no rows.
   */
  data_through: z.optional(z.nullable(IsoDateSchema)),
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
  cursor: z._default(z.nullable(z.string().check(z.minLength(1), z.maxLength(4_096))), null),
});
export type FilterOptionsRequest = z.infer<typeof FilterOptionsRequestSchema>;

export const FilterOptionsResponseSchema = z.object({
  data: z.array(FilterValueSchema),
  nextCursor: z.nullable(z.string()),
});
export type FilterOptionsResponse = z.infer<typeof FilterOptionsResponseSchema>;
