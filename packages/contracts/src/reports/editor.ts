import { z } from 'zod/mini';
import { ReportFieldNameSchema, TimeGrainSchema } from './common';
import { CalculatedMeasureSchema } from './document';
import { DimensionTypeSchema, MeasureFormatSchema } from './query';

// ---- The report editor (issue 32): the fields it offers and the formula check ---------------

/** A dimension of a model table as the editor offers it. */
export const ReportFieldDimensionSchema = z.object({
  name: ReportFieldNameSchema,
  label: z.string(),
  type: DimensionTypeSchema,
  /** Date dimensions: the grains besides the day itself. */
  grains: z.array(TimeGrainSchema),
});
export type ReportFieldDimension = z.infer<typeof ReportFieldDimensionSchema>;

export const ReportFieldMeasureSchema = z.object({
  name: ReportFieldNameSchema,
  label: z.string(),
  format: MeasureFormatSchema,
});
export type ReportFieldMeasure = z.infer<typeof ReportFieldMeasureSchema>;

export const ReportFieldTableSchema = z.object({
  name: ReportFieldNameSchema,
  label: z.string(),
  /** The date dimension periods and KPI comparisons apply to; null if none. */
  time_dimension: z.nullable(ReportFieldNameSchema),
  dimensions: z.array(ReportFieldDimensionSchema),
  measures: z.array(ReportFieldMeasureSchema),
});
export type ReportFieldTable = z.infer<typeof ReportFieldTableSchema>;

/**
 * GET /reports/{slug}/fields: the report's semantic model as the editor offers it (cluster
 * columns, custom tables and expenses included as the organization has them), without the
 * document's calculated metrics (the editor holds those in its draft).
 */
export const ReportFieldsResponseSchema = z.object({
  model: ReportFieldNameSchema,
  tables: z.array(ReportFieldTableSchema),
});
export type ReportFieldsResponse = z.infer<typeof ReportFieldsResponseSchema>;

/**
 * POST /reports/{slug}/formula: checks one calculated metric's formula against the model and the
 * metrics written before it (`calculated_measures`, in the draft's order); what is wrong comes
 * back as an answer, never as an error status.
 */
export const CheckFormulaRequestSchema = z.object({
  organization_id: z.uuid(),
  metric: CalculatedMeasureSchema,
  calculated_measures: z.array(CalculatedMeasureSchema).check(z.maxLength(50)),
});
export type CheckFormulaRequest = z.infer<typeof CheckFormulaRequestSchema>;

export const CheckFormulaResponseSchema = z.object({
  /** Null when the formula is good; else what is wrong, and where (0-based, null: the whole). */
  error: z.nullable(z.object({ message: z.string(), position: z.nullable(z.int()) })),
});
export type CheckFormulaResponse = z.infer<typeof CheckFormulaResponseSchema>;
