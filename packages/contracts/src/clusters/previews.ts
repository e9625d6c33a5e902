import { z } from 'zod/mini';
import { ClusterFieldTypeSchema, clusterLimits, organizationQuery } from './common';
import { ClusterColumnInputSchema } from './columns';

export const OrderDirectionSchema = z.enum(['asc', 'desc']);

/** The editor's column (saved or not) the previews read; `id` places it among the category's columns. */
const previewBase = {
  ...organizationQuery,
  column: z.object({ id: z.uuid(), ...ClusterColumnInputSchema.shape }),
};

/** POST /clustering/{category}/preview (spec 001 §7 Preview). */
export const ClusterPreviewRequestSchema = z.object({
  ...previewBase,
  /** A header's name; the first header when absent. */
  orderBy: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  orderDirection: z.optional(z.nullable(OrderDirectionSchema)),
});
export type ClusterPreviewRequest = z.infer<typeof ClusterPreviewRequestSchema>;

/** POST /clustering/{category}/preview_value: the rows one value (a rule set's name) gets. */
export const ClusterPreviewValueRequestSchema = z.object({
  ...previewBase,
  /** A rule set's name; null for the rows no rule set matches ("(none)"). */
  value: z.nullable(z.string().check(z.maxLength(clusterLimits.nameMaxLength))),
  orderBy: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  orderDirection: z.optional(z.nullable(OrderDirectionSchema)),
});
export type ClusterPreviewValueRequest = z.infer<typeof ClusterPreviewValueRequestSchema>;

/** POST /clustering/{category}/sql. */
export const ClusterSqlPreviewRequestSchema = z.object(previewBase);
export type ClusterSqlPreviewRequest = z.infer<typeof ClusterSqlPreviewRequestSchema>;

/** POST /clustering/{category}/coverage (beyond the spec): what each rule set covers before saving. */
export const ClusterCoverageRequestSchema = z.object(previewBase);
export type ClusterCoverageRequest = z.infer<typeof ClusterCoverageRequestSchema>;

export const PreviewHeaderSchema = z.object({ name: z.string(), type: ClusterFieldTypeSchema });
export type PreviewHeader = z.infer<typeof PreviewHeaderSchema>;
export const PreviewCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** spec 001 §3 Preview table: money cells are minor units of the row's currency. */
export const ClusterPreviewResponseSchema = z.object({
  headers: z.array(PreviewHeaderSchema),
  data: z.array(z.array(PreviewCellSchema)),
  /** More rows matched than the preview shows (`clusterLimits.previewRowsMax`). */
  truncated: z.optional(z.boolean()),
});
export type ClusterPreviewResponse = z.infer<typeof ClusterPreviewResponseSchema>;

export const ClusterSqlPreviewResponseSchema = z.object({ sql: z.string() });
export type ClusterSqlPreviewResponse = z.infer<typeof ClusterSqlPreviewResponseSchema>;

/** Spend per currency: amounts of two currencies are never added. */
export const CoverageSpendSchema = z.array(z.object({ currency: z.string(), amount: z.number() }));

export const ClusterCoverageResponseSchema = z.object({
  total_rows: z.number(),
  /**
   * Per value, in rule-set order: the rows it is given (earlier rule sets win). Rule sets with
   * the same "then" value share one entry: `id` is the first of them, `rule_set_ids` all.
   */
  rule_sets: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      rule_set_ids: z.optional(z.array(z.uuid())),
      rows: z.number(),
      /** Null when the category's table has no spend. */
      spend: z.nullable(CoverageSpendSchema),
    }),
  ),
  unmatched: z.object({
    rows: z.number(),
    spend: z.nullable(CoverageSpendSchema),
    /** The most frequent values of the category's main field that no rule set matches. */
    top_values: z.array(
      z.object({
        /** The first item column's value (e.g. the ad group's name). */
        value: z.nullable(z.string()),
        rows: z.number(),
        /** Every item column by its header name (e.g. Campaign and Ad group). */
        item: z.optional(z.record(z.string(), z.nullable(z.string()))),
        spend: z.optional(z.nullable(CoverageSpendSchema)),
      }),
    ),
  }),
});
export type ClusterCoverageResponse = z.infer<typeof ClusterCoverageResponseSchema>;
