import { z } from 'zod';
import { RoleSchema } from '../organizations';
import { IsoDateSchema, ReportFieldNameSchema, ReportSlugSchema } from './common';
import { ReportDocumentSchema } from './document';

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
