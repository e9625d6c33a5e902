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
import { AdHocVisualSchema, CalculatedMeasureSchema, SortsSchema } from './document';
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
  /**
   * The state's ad-hoc visual (ReportState.adhoc), run in place of a page's: `visual_id` names
   * it and `page` gives the filters; checked against the report's model like a page's visual.
   */
  visual: z.optional(AdHocVisualSchema),
  /**
   * Edit mode's unsaved draft (issue 32, decision 740): the visual as the editor holds it, run
   * over the model with the draft's calculated metrics instead of the saved document's; `page`
   * and `visual_id` need not exist in the saved report. Owners and admins only (access Edit).
   */
  draft: z.optional(
    z.object({
      visual: AdHocVisualSchema,
      calculated_measures: z.array(CalculatedMeasureSchema).check(z.maxLength(50)),
    }),
  ),
});
export type ReportQueryRequest = z.infer<typeof ReportQueryRequestSchema>;

export const ReportValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const ReportRowSchema = z.record(z.string(), ReportValueSchema);
export type ReportRow = z.infer<typeof ReportRowSchema>;

/**
 * `currency`: in the organization's currency (currency_id); `account_currency`: in the currency
 * named by the row's `currency` column (an account's own), blank where the row has none.
 */
export const MeasureFormatSchema = z.enum(['currency', 'account_currency', 'percent', 'number']);
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

export const PartialReasonSchema = z.enum(['anonymized_queries']);
export type PartialReason = z.infer<typeof PartialReasonSchema>;

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
  /**
   * KPI comparison: the same measure over the previous period (`from`-`to`), like with like: a
   * period of whole months against the same days that many months before, any other against the
   * days of equal length just before it (decision 190).
   */
  comparison: z.nullable(
    z.object({
      from: IsoDateSchema,
      to: IsoDateSchema,
      rows: z.array(ReportRowSchema),
      /** The current period's days compared: up to the last day with data when it ends later. */
      current: DateRangeSchema,
      /**
       * Null when the data covers the previous period as it covers the current one. Otherwise the
       * day a source's data starts (it was connected later), after the previous period began: the
       * change would not be like for like and is not shown.
       */
      data_from: z.nullable(IsoDateSchema),
    }),
  ),
  /**
   * How fresh the visual's data is: for a chart over time, the last day with data among the rows
   * read; for the other visuals, the last day of the table the visual reads. Null when the table
   * has no date or no rows.
   */
  data_through: z.optional(z.nullable(IsoDateSchema)),
  /**
   * Why the visual's rows add up to less than the report's totals, when its table leaves rows
   * out: `anonymized_queries`, Google's rare queries, counted in Search Console's totals but
   * never reported per query or page.
   */
  partial: z.optional(z.nullable(PartialReasonSchema)),
  /**
   * The labels of the fields whose filters narrow the view but that the visual's table lacks, so
   * its numbers are not filtered by them (decision 434); absent when every filter applies.
   */
  unfiltered: z.optional(z.array(z.string())),
  /**
   * Date dimensions grouped by week, month, quarter or year: the periods (their first day) the
   * filters' period or the data (through its last day) cover only in part, as a range starting
   * mid-week or the week still running (decision 195).
   */
  partial_periods: z.optional(z.array(IsoDateSchema)),
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
