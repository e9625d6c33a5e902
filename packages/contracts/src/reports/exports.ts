import { z } from 'zod/mini';
import { emailSchema } from '../validation';
import { KeySchema, ReportSlugSchema, reportLimits } from './common';
import { EmbedQueryRequestSchema } from './embed';
import { ReportQueryRequestSchema } from './query';

// ---- Sharing a report: exports and scheduled delivery (issue 32 "Sharing the result") -------

export const ReportExportErrorType = {
  /** The render token is malformed, forged, expired, or asks outside its report's page: 401. */
  invalidRenderToken: 'invalid_render_token',
  /** The server cannot render pages (no Chromium at CHROMIUM_PATH): 503. */
  renderUnavailable: 'render_unavailable',
  /** The page did not finish drawing in time: 504. */
  renderTimeout: 'render_timeout',
  /** A visual of the page failed while it was drawn: 502. */
  renderFailed: 'render_failed',
  /** A schedule's recipient outside the organization, asked by a member who is not an admin: 403. */
  outsideRecipient: 'outside_recipient_not_allowed',
  /** A time zone the server does not know: 422. */
  invalidTimeZone: 'invalid_time_zone',
  /** No such schedule of this report in the organization: 404. */
  scheduleNotFound: 'report_schedule_not_found',
  /** A schedule's bookmark that is not one of the report's the caller sees in its menu: 422. */
  scheduleBookmarkNotFound: 'report_schedule_bookmark_not_found',
} as const;
export type ReportExportErrorType = (typeof ReportExportErrorType)[keyof typeof ReportExportErrorType];

export const reportExportMessages = {
  outsideRecipient: 'Only owners and admins can send reports to addresses outside the organization',
  scheduleBookmarkNotFound: 'There is no such bookmark of this report.',
  invalidTimeZone: 'Unknown time zone',
} as const;

/**
 * POST /reports/{slug}/export/csv: one visual's rows as CSV under the filters in effect, every
 * page of a table's rows (up to `reportLimits.maxTableRows`), cells neutralized (`csvCell`).
 */
/**
 * An export's file name: the report's name, then what is in it, as letters, digits and dashes
 * ('report' when nothing is left). The server names the files it sends this way and the browser
 * the files it saves, so a download keeps one name whichever side names it.
 */
export function exportFileName(...parts: string[]): string {
  const slug = (part: string) =>
    part
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase();
  return (
    parts
      .map(slug)
      .filter((part) => part !== '')
      .join('-') || 'report'
  );
}

export const VisualCsvRequestSchema = z.omit(ReportQueryRequestSchema, { offset: true });
export type VisualCsvRequest = z.infer<typeof VisualCsvRequestSchema>;

export const PageExportFormatSchema = z.enum(['png', 'pdf']);
export type PageExportFormat = z.infer<typeof PageExportFormatSchema>;
export const PageExportParamsSchema = z.object({ slug: ReportSlugSchema, format: PageExportFormatSchema });

/** POST /reports/{slug}/export/{png|pdf}: the page under the state on screen, drawn by the server. */
export const PageExportRequestSchema = z.object({
  organization_id: z.uuid(),
  /** The page to draw (a hidden page included: the app shows it to members). */
  page: KeySchema,
  /** The encoded ReportState on screen; null for the report as saved. */
  state: z.nullable(z.string().check(z.maxLength(reportLimits.maxEncodedStateLength))),
});
export type PageExportRequest = z.infer<typeof PageExportRequestSchema>;

/**
 * The internal render page's token (`/render#{token}`), minted by the server for its own
 * Chromium: one page of one report of one organization, for a few minutes.
 */
export const RenderTokenSchema = z.string().check(z.minLength(1), z.maxLength(100_000));
export const RenderAccessRequestSchema = z.object({ token: RenderTokenSchema });
export type RenderAccessRequest = z.infer<typeof RenderAccessRequestSchema>;
/** POST /render/query: one visual of the token's page, as /reports/{slug}/query answers it. */
export const RenderQueryRequestSchema = z.extend(EmbedQueryRequestSchema, { token: RenderTokenSchema });
export type RenderQueryRequest = z.infer<typeof RenderQueryRequestSchema>;

// ---- Scheduled delivery ----------------------------------------------------------------------

export const ScheduleFrequencySchema = z.enum(['daily', 'weekly', 'monthly']);
export type ScheduleFrequency = z.infer<typeof ScheduleFrequencySchema>;

/** Recipients of one schedule, at most. */
export const MAX_SCHEDULE_RECIPIENTS = 20;

const HourSchema = z.int().check(z.minimum(0), z.maximum(23));
/** ISO weekday: 1 Monday … 7 Sunday. */
const WeekdaySchema = z.int().check(z.minimum(1), z.maximum(7));
/** Up to the 28th, a day every month has. */
const MonthDaySchema = z.int().check(z.minimum(1), z.maximum(28));

export const ReportScheduleParamsSchema = z.object({ slug: ReportSlugSchema, schedule_id: z.uuid() });

/** POST /reports/{slug}/schedules: the report (or a bookmark of it) mailed as PDF on a calendar. */
export const CreateReportScheduleRequestSchema = z
  .object({
    organization_id: z.uuid(),
    /**
     * The bookmark mailed (one of the report's the caller sees): each delivery shows its view as
     * it is then, and `state` is ignored; null for the view in `state`.
     */
    bookmark_id: z._default(z.nullable(z.uuid()), null),
    /** What the mail calls it: the report's or the bookmark's name. */
    name: z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(200)),
    /** The encoded ReportState the PDF shows (its page among it); null for the report as saved. */
    state: z.nullable(z.string().check(z.maxLength(reportLimits.maxEncodedStateLength))),
    frequency: ScheduleFrequencySchema,
    /** Weekly only. */
    weekday: z._default(z.nullable(WeekdaySchema), null),
    /** Monthly only. */
    month_day: z._default(z.nullable(MonthDaySchema), null),
    /** The hour of the day, in `time_zone`, the mail goes out. */
    hour: HourSchema,
    /** IANA name (Europe/Berlin): the recipients' time zone. */
    time_zone: z.string().check(z.minLength(1), z.maxLength(64)),
    recipients: z
      .array(emailSchema)
      .check(z.minLength(1, 'Add at least one recipient'), z.maxLength(MAX_SCHEDULE_RECIPIENTS)),
  })
  .check(
    z.superRefine((request, ctx) => {
      if (request.frequency === 'weekly' && request.weekday === null) {
        ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'Required' });
      }
      if (request.frequency === 'monthly' && request.month_day === null) {
        ctx.addIssue({ code: 'custom', path: ['month_day'], message: 'Required' });
      }
    }),
  );
export type CreateReportScheduleRequest = z.input<typeof CreateReportScheduleRequestSchema>;

export const ReportScheduleSchema = z.object({
  id: z.uuid(),
  report_slug: ReportSlugSchema,
  bookmark_id: z.nullable(z.uuid()),
  name: z.string(),
  state: z.nullable(z.string()),
  frequency: ScheduleFrequencySchema,
  weekday: z.nullable(WeekdaySchema),
  month_day: z.nullable(MonthDaySchema),
  hour: HourSchema,
  time_zone: z.string(),
  recipients: z.array(z.string()),
  /** Null once its creator's account is gone. */
  created_by: z.nullable(z.object({ id: z.uuid(), email: z.string(), name: z.nullable(z.string()) })),
  /** The next delivery (a retry's, after a failure). */
  next_run_at: z.iso.datetime(),
  last_sent_at: z.nullable(z.iso.datetime()),
  /** The last failure's reason while the delivery is being retried; null after a success. */
  last_error: z.nullable(z.string()),
});
export type ReportSchedule = z.infer<typeof ReportScheduleSchema>;

/** GET /reports/{slug}/schedules: the caller's (an admin: everyone's), soonest first. */
export const ReportScheduleListResponseSchema = z.object({ schedules: z.array(ReportScheduleSchema) });
export type ReportScheduleListResponse = z.infer<typeof ReportScheduleListResponseSchema>;

/** POST /reports/{slug}/schedules/{id}/send: a delivery queued now, the calendar unchanged. */
export const SendScheduleResponseSchema = z.object({ queued: z.literal(true) });
export type SendScheduleResponse = z.infer<typeof SendScheduleResponseSchema>;
