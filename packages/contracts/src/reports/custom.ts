import { z } from 'zod/mini';
import { ReportSlugSchema, reportLimits } from './common';
import { EmbedReportSchema, RESERVED_REPORT_SLUGS } from './access';
import { atMostCharacters } from '../validation';

// ---- Custom reports: the report save-as dialog (spec 002 §2, §5 Report name) ----------------

/** spec 002 §5 Report name (save-as), verbatim. */
export const reportNameMessages = {
  required: 'Required',
  startsWithDash: 'Report name cannot start with dash (-)',
  duplicate: 'Duplicate or reserved name',
  /** A built-in report is already called that, as the sidebar shows it (decision 174). */
  builtInName: (name: string) => `Duplicate or reserved name: a built-in report is called ${name}`,
} as const;

export const REPORT_NAME_MAX_LENGTH = 100;

export const CustomReportErrorType = {
  /** Saving or deleting reports needs access_level Edit (owners and admins, never a demo). */
  editForbidden: 'report_edit_forbidden',
  /** The built-in reports cannot be deleted. */
  builtIn: 'report_built_in',
} as const;
export type CustomReportErrorType = (typeof CustomReportErrorType)[keyof typeof CustomReportErrorType];

/**
 * spec 002 §5: a report's slug is its name lowercased, non-word characters removed, spaces and
 * dashes (and underscores, which a slug cannot hold) collapsed to one dash. A trailing dash is
 * dropped; a leading one is kept, so that '!-maya' still meets the built-in '-maya'.
 */
export function reportSlugOf(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/-$/, '');
}

/**
 * Slugs a custom report cannot take: the reserved words, every slug starting with '-' (the
 * built-ins' names), and the empty slug of a name without a letter or digit (it would be the
 * `dashboard/` route itself).
 */
export function isReservedReportSlug(slug: string): boolean {
  return slug === '' || slug.startsWith('-') || (RESERVED_REPORT_SLUGS as readonly string[]).includes(slug);
}

/** The report name field: required and not starting with '-' (spec 002 §5), trimmed. */
export const ReportNameSchema = z.string({ error: reportNameMessages.required }).check(
  z.trim(),
  z.minLength(1, reportNameMessages.required),
  atMostCharacters(REPORT_NAME_MAX_LENGTH),
  z.refine((name) => !name.startsWith('-'), reportNameMessages.startsWithDash),
);

/**
 * The built-in report (of `builtInNames`, as displayed) whose name `name` would read as: the same
 * slug, so 'seo!' or 'marketing  performance' clash too; null when none.
 */
export function clashingBuiltInName(name: string, builtInNames: readonly string[]): string | null {
  const slug = reportSlugOf(name);
  return builtInNames.find((builtIn) => reportSlugOf(builtIn) === slug) ?? null;
}

/**
 * The whole rule of §5 for a name against the slugs of the organization's reports and the
 * displayed names of its built-ins: the message to show, or null when the name may be saved.
 * The server applies the same rule.
 */
export function reportNameIssue(
  name: string,
  existingSlugs: readonly string[],
  builtInNames: readonly string[] = [],
): string | null {
  const parsed = ReportNameSchema.safeParse(name);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? reportNameMessages.required;
  const slug = reportSlugOf(parsed.data);
  if (isReservedReportSlug(slug) || existingSlugs.includes(slug)) return reportNameMessages.duplicate;
  const clash = clashingBuiltInName(parsed.data, builtInNames);
  return clash === null ? null : reportNameMessages.builtInName(clash);
}

/** The save-as dialog's form. */
export const SaveReportAsFormSchema = z.object({ name: ReportNameSchema });
export type SaveReportAsForm = z.infer<typeof SaveReportAsFormSchema>;

/**
 * POST /reports: saves the view on screen as a new custom report. The source report's document
 * is copied; the state's filters replace the document's, its page comes first, its sort becomes
 * the visuals' sort. A name whose slug is taken or reserved is answered 422 with the list
 * `[{loc: ['body', 'name'], msg: 'Duplicate or reserved name', type: 'duplicate_report_name'}]`;
 * one a built-in report is displayed with (as 'SEO') with `type: 'built_in_report_name'` and a
 * message naming that report.
 */
export const CreateCustomReportRequestSchema = z.object({
  organization_id: z.uuid(),
  name: ReportNameSchema,
  /** The report on screen (built-in or custom). */
  source_slug: ReportSlugSchema,
  /** The encoded ReportState on screen; null saves the source's document as it is. */
  state: z.nullable(z.string().check(z.maxLength(reportLimits.maxEncodedStateLength))),
});
export type CreateCustomReportRequest = z.infer<typeof CreateCustomReportRequestSchema>;

/** The new report (is_custom true), as the reports list shows it. */
export const CreateCustomReportResponseSchema = EmbedReportSchema;
export type CreateCustomReportResponse = z.infer<typeof CreateCustomReportResponseSchema>;

/** The type of the 422 issue of a taken or reserved name. */
export const DUPLICATE_REPORT_NAME = 'duplicate_report_name';
/** The type of the 422 issue of a name a built-in report is displayed with. */
export const BUILT_IN_REPORT_NAME = 'built_in_report_name';
