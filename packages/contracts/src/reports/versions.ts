import { z } from 'zod/mini';
import { ReportSlugSchema } from './common';
import { ReportDocumentSchema } from './document';

// ---- Report versions: what edit mode saves (issue 32) ---------------------------------------
// Each save of a custom report's document is a new version; the history lists who saved each and
// when, and restoring one saves it again as the newest. `base_version` is the version the editor
// started from: a save over a newer one is refused, so two editors never overwrite each other.

export const ReportVersionErrorType = {
  /** Someone saved the report since the editor opened it (`base_version` is not the latest). */
  conflict: 'report_version_conflict',
  /** The version asked for does not exist. */
  notFound: 'report_version_not_found',
} as const;

export const reportVersionMessages = {
  conflict: 'Someone else saved this report while you were editing it. Reload it to see their changes.',
} as const;

const VersionNumberSchema = z.int().check(z.minimum(1));

export const SaveReportDocumentRequestSchema = z.object({
  organization_id: z.uuid(),
  /** The edited document; its id, slug and name must be the report's (renaming is not editing). */
  document: ReportDocumentSchema,
  base_version: VersionNumberSchema,
});
export type SaveReportDocumentRequest = z.infer<typeof SaveReportDocumentRequestSchema>;

export const RestoreReportVersionRequestSchema = z.object({
  organization_id: z.uuid(),
  base_version: VersionNumberSchema,
});
export type RestoreReportVersionRequest = z.infer<typeof RestoreReportVersionRequestSchema>;

export const ReportVersionParamsSchema = z.object({
  slug: ReportSlugSchema,
  version: z.string().check(z.regex(/^[1-9][0-9]{0,8}$/, 'invalid version')),
});

/** The report's newest version after a save or a restore. */
export const SavedReportVersionResponseSchema = z.object({ version: VersionNumberSchema });
export type SavedReportVersionResponse = z.infer<typeof SavedReportVersionResponseSchema>;

export const ReportVersionSchema = z.object({
  version: VersionNumberSchema,
  created_at: z.iso.datetime(),
  /** Who saved it; null once that user is gone. */
  created_by: z.nullable(z.object({ id: z.uuid(), name: z.string(), email: z.string() })),
});
export type ReportVersion = z.infer<typeof ReportVersionSchema>;

/** Newest first; `current` is the version the report shows (the editor's next `base_version`). */
export const ReportVersionsResponseSchema = z.object({
  current: VersionNumberSchema,
  versions: z.array(ReportVersionSchema),
});
export type ReportVersionsResponse = z.infer<typeof ReportVersionsResponseSchema>;
