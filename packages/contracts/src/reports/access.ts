import { z } from 'zod/mini';
import { RoleSchema } from '../organizations';
import { IsoDateSchema, ReportFieldNameSchema, ReportSlugSchema } from './common';
import { ReportDocumentSchema } from './document';

// ---- The reports list and a report's access (spec 002 §3 Embed report, §7 Embed) ----------

/**
 * Slugs no custom report may take ('Duplicate or reserved name'): the built-in reports' (the demo
 * organization's `-demo` among them) and the words of the reports API's own paths
 * (`/reports/filter-values`). Every other slug starting with '-' is reserved too (custom.ts).
 */
export const RESERVED_REPORT_SLUGS = ['-maya', '-seo-v1', '-demo', 'filter-values'] as const;

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
  access_token: z.nullable(z.string()),
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

/** Why an account feeding a report's table may leave it stale. */
export const SourceWarningStatusSchema = z.enum(['failed', 'reconnect']);
export type SourceWarningStatus = z.infer<typeof SourceWarningStatusSchema>;

/**
 * A connected account that feeds a table the report reads and whose last load failed
 * (`failed`) or whose grant was revoked (`reconnect`): the report may miss its latest data.
 */
export const SourceWarningSchema = z.object({
  /** The report's table (a visual's or filter's `table`, a table of the report's dataset). */
  table: ReportFieldNameSchema,
  /** The connector (`google_ads`, ...). */
  service_id: z.string(),
  account_name: z.string(),
  status: SourceWarningStatusSchema,
  /** A sentence for the user, naming the service and the account. */
  message: z.string(),
});
export type SourceWarning = z.infer<typeof SourceWarningSchema>;

/** How many of the accounts feeding a report count their days in one time zone (issue 30). */
export const ReportTimeZoneSchema = z.object({
  /** An IANA zone (`Europe/Athens`). */
  time_zone: z.string(),
  accounts: z.int().check(z.minimum(1)),
});
export type ReportTimeZone = z.infer<typeof ReportTimeZoneSchema>;

/** spec 002 §7 Report access: the report, its document, and the last day of data it reads. */
export const ReportAccessResponseSchema = z.object({
  report: EmbedReportSchema,
  document: ReportDocumentSchema,
  /** The last day with data among the tables the report reads; null when they hold no rows. */
  data_through: z.nullable(IsoDateSchema),
  /**
   * The organization's accounts feeding the report's tables that failed or need reconnecting,
   * per table in the document's order. Absent from an embedded report (its viewers do not
   * manage the organization's sources).
   */
  warnings: z.optional(z.array(SourceWarningSchema)),
  /**
   * The time zones of the connected accounts feeding the report's tables, most accounts first:
   * each account's days are its provider's days in its zone, so a report mixing zones says so.
   * Accounts whose provider gives no zone are left out. Absent from an embedded report.
   */
  time_zones: z.optional(z.array(ReportTimeZoneSchema)),
  /**
   * What the organization's own columns (clusters) are called, by column: the filters pane and
   * tables show these names instead of one made from the column. Absent when there are none.
   */
  labels: z.optional(z.record(z.string(), z.string())),
});
export type ReportAccessResponse = z.infer<typeof ReportAccessResponseSchema>;
