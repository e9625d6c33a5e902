import {
  ReportExportErrorType,
  can,
  reportExportMessages,
  type CreateReportScheduleRequest,
  type ReportSchedule,
  type ReportScheduleListResponse,
} from '@maya/contracts';
import { withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { Auth, OrganizationAccess } from '../../platform/guards';
import { actionMail, type MailMessage } from '../../platform/mail';
import type { Platform } from '../../platform/platform';
import type { BookmarksService } from '../bookmarks';
import type { NotifyInput } from '../notifications';
import type { OrganizationsService } from '../organizations';
import type { ReportsService } from '../reports';
import { deliver, isCurrent, type DeliveryJob, type DeliveryOutcome } from './delivery';
import { followBookmark } from './follow';
import { schedulesRepository as repo, type ScheduleRow } from './repository';
import { isTimeZone, nextOccurrence } from './timing';

/** The queue of deliveries: each schedule's next one, a retry, or a "send now". */
export const DELIVERY_QUEUE = 'report-schedules.deliver';

export type SchedulesDeps = {
  platform: Pick<Platform, 'database' | 'config' | 'jobs' | 'mailer'>;
  reports: Pick<ReportsService, 'exports'>;
  organizations: Pick<OrganizationsService, 'findById' | 'members'>;
  /** Tells the organization (its notifications) that a delivery failed. */
  notify: (organizationId: string, input: NotifyInput) => Promise<unknown>;
  /** The bookmarks a schedule may mail (the bookmarks service). */
  bookmarks: Pick<BookmarksService, 'menuView' | 'currentView'>;
  /** Who made a schedule (the users service). */
  people: (ids: string[]) => Promise<{ id: string; email: string; name: string | null }[]>;
  now?: () => Date;
};

export type SchedulesService = ReturnType<typeof createSchedulesService>;

/** The encoded state a mail's link carries at most; a longer view opens the report as saved. */
const MAX_LINK_STATE = 2_000;

const scheduleNotFound = () =>
  new AppError(404, ReportExportErrorType.scheduleNotFound, { message: 'There is no such schedule.' });

const isAdmin = (access: OrganizationAccess) => can(access, 'organization.update');

export function createSchedulesService(deps: SchedulesDeps) {
  const { db } = deps.platform.database;
  const now = deps.now ?? (() => new Date());
  const appUrl = deps.platform.config.appUrl;

  async function enqueue(job: DeliveryJob, at: Date): Promise<void> {
    await deps.platform.jobs.boss.send(DELIVERY_QUEUE, job, {
      startAfter: at,
      singletonKey: `${job.scheduleId}:${job.due ?? `now:${now().getTime()}`}`,
    });
  }

  /**
   * Members send to members (themselves included); owners and admins of an organization that is
   * not a demo one may also send to addresses outside it.
   */
  async function checkRecipients(access: OrganizationAccess, auth: Auth, recipients: string[]) {
    if (isAdmin(access)) return;
    const members = await deps.organizations.members(access.organizationId);
    const inside = new Set([auth.email, ...members.map((m) => m.email)].map((e) => e.toLowerCase()));
    const outside = recipients.filter((r) => !inside.has(r));
    if (outside.length > 0) {
      throw new AppError(403, ReportExportErrorType.outsideRecipient, {
        message: reportExportMessages.outsideRecipient,
        recipients: outside,
      });
    }
  }

  function toResponse(
    row: ScheduleRow,
    people: Map<string, { id: string; email: string; name: string | null }>,
  ) {
    const schedule: ReportSchedule = {
      id: row.id,
      report_slug: row.reportSlug,
      bookmark_id: row.bookmarkId,
      name: row.name,
      state: row.state,
      frequency: row.frequency,
      weekday: row.weekday,
      month_day: row.monthDay,
      hour: row.hour,
      time_zone: row.timeZone,
      recipients: row.recipients,
      created_by: (row.createdBy === null ? null : people.get(row.createdBy)) ?? null,
      next_run_at: row.nextRunAt.toISOString(),
      last_sent_at: row.lastSentAt?.toISOString() ?? null,
      last_error: row.attempt > 0 || row.lastSentAt === null ? row.lastError : null,
    };
    return schedule;
  }

  async function presented(rows: ScheduleRow[]): Promise<ReportSchedule[]> {
    const ids = [...new Set(rows.flatMap((r) => (r.createdBy === null ? [] : [r.createdBy])))];
    const people = new Map((await deps.people(ids)).map((p) => [p.id, p]));
    return rows.map((row) => toResponse(row, people));
  }

  /** The schedule when the caller may manage it (its creator or an admin); 404 otherwise. */
  async function own(access: OrganizationAccess, auth: Auth, slug: string, id: string): Promise<ScheduleRow> {
    const row = await withOrganization(db, access.organizationId, (tx) => repo.find(tx, id));
    if (row === null || row.reportSlug !== slug) throw scheduleNotFound();
    if (!isAdmin(access) && row.createdBy !== auth.userId) throw scheduleNotFound();
    return row;
  }

  /** The messages of a delivery: one per recipient (they never see each other), the PDF attached. */
  async function mails(schedule: ScheduleRow, pdf: Buffer): Promise<MailMessage[]> {
    const organization = await deps.organizations.findById(schedule.organizationId);
    if (organization === null) return [];
    const query =
      schedule.state !== null && schedule.state.length <= MAX_LINK_STATE
        ? `?${new URLSearchParams({ state: schedule.state }).toString()}`
        : '';
    const url = `${appUrl}/organization/${organization.slug}/dashboard/${schedule.reportSlug}${query}`;
    const filename = `${schedule.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'report'}.pdf`;
    return schedule.recipients.map((to) => ({
      ...actionMail({
        to,
        subject: `${schedule.name} - ${organization.name}`,
        intro: `Your ${schedule.frequency} report "${schedule.name}" from ${organization.name} is attached as a PDF.`,
        action: 'Open in Maya',
        url,
        outro: `You receive this because a member of ${organization.name} scheduled this report on Maya.`,
      }),
      attachments: [{ filename, contentType: 'application/pdf', content: pdf }],
    }));
  }

  /** The page a view of the schedule's report draws (the reports module's check). */
  async function pageOf(schedule: ScheduleRow, state: string | null): Promise<string> {
    const organization = await deps.organizations.findById(schedule.organizationId);
    const access = { organizationId: schedule.organizationId, isDemo: organization?.isDemo ?? false };
    return (await deps.reports.exports.view(access, schedule.reportSlug, state)).page;
  }

  async function render(schedule: ScheduleRow): Promise<Buffer> {
    const organization = await deps.organizations.findById(schedule.organizationId);
    const file = await deps.reports.exports.page(
      { organizationId: schedule.organizationId, isDemo: organization?.isDemo ?? false },
      schedule.reportSlug,
      { page: schedule.page, state: schedule.state, format: 'pdf' },
    );
    return Buffer.isBuffer(file.body) ? file.body : Buffer.from(file.body);
  }

  return {
    /** POST /reports/{slug}/schedules: the schedule, its first delivery queued. */
    async create(
      access: OrganizationAccess,
      auth: Auth,
      slug: string,
      request: Omit<CreateReportScheduleRequest, 'organization_id'>,
    ): Promise<ReportSchedule> {
      if (!isTimeZone(request.time_zone)) {
        throw new AppError(422, ReportExportErrorType.invalidTimeZone, {
          message: reportExportMessages.invalidTimeZone,
        });
      }
      const recipients = [...new Set(request.recipients.map((r) => r.trim().toLowerCase()))];
      await checkRecipients(access, auth, recipients);
      const bookmarkId = request.bookmark_id ?? null;
      const bookmark =
        bookmarkId === null ? null : await deps.bookmarks.menuView({ access, auth }, slug, bookmarkId);
      if (bookmarkId !== null && bookmark === null) {
        throw new AppError(422, ReportExportErrorType.scheduleBookmarkNotFound, {
          message: reportExportMessages.scheduleBookmarkNotFound,
        });
      }
      // A bookmark's view is the server's, never the request's.
      const state = bookmark === null ? request.state : bookmark.state;
      const { page } = await deps.reports.exports.view(access, slug, state);
      const frequency = request.frequency;
      const calendar = {
        frequency,
        weekday: frequency === 'weekly' ? (request.weekday ?? null) : null,
        monthDay: frequency === 'monthly' ? (request.month_day ?? null) : null,
        hour: request.hour,
        timeZone: request.time_zone,
      };
      const nextRunAt = nextOccurrence(calendar, now());
      const row = await withOrganization(db, access.organizationId, (tx) =>
        repo.insert(tx, {
          organizationId: access.organizationId,
          reportSlug: slug,
          bookmarkId,
          name: request.name.trim(),
          state,
          page,
          ...calendar,
          recipients,
          createdBy: auth.userId,
          nextRunAt,
        }),
      );
      await enqueue(
        { organizationId: access.organizationId, scheduleId: row.id, due: nextRunAt.toISOString() },
        nextRunAt,
      );
      return (await presented([row]))[0] as ReportSchedule;
    },

    /** GET /reports/{slug}/schedules: the caller's schedules of the report; an admin's: all. */
    async list(access: OrganizationAccess, auth: Auth, slug: string): Promise<ReportScheduleListResponse> {
      await deps.reports.exports.view(access, slug, null);
      const rows = await withOrganization(db, access.organizationId, (tx) =>
        repo.list(tx, slug, isAdmin(access) ? null : auth.userId),
      );
      return { schedules: await presented(rows) };
    },

    /** DELETE /reports/{slug}/schedules/{id}: its queued deliveries find nothing and end. */
    async remove(access: OrganizationAccess, auth: Auth, slug: string, id: string): Promise<void> {
      await own(access, auth, slug, id);
      await withOrganization(db, access.organizationId, (tx) => repo.remove(tx, id));
    },

    /** POST /reports/{slug}/schedules/{id}/send: one delivery now; the calendar stays as it is. */
    async sendNow(access: OrganizationAccess, auth: Auth, slug: string, id: string): Promise<void> {
      await own(access, auth, slug, id);
      await enqueue({ organizationId: access.organizationId, scheduleId: id, due: null }, now());
    },

    /** The delivery job's handler. */
    async run(data: unknown): Promise<DeliveryOutcome | 'skipped'> {
      const job = data as DeliveryJob;
      const schedule = await withOrganization(db, job.organizationId, (tx) => repo.find(tx, job.scheduleId));
      if (schedule === null || !isCurrent(schedule, job)) return 'skipped';
      const view = await followBookmark({ currentView: deps.bookmarks.currentView, pageOf }, schedule);
      return deliver(
        {
          now,
          render,
          mails,
          send: (message) => deps.platform.mailer.send(message),
          save: (row, progress) =>
            withOrganization(db, row.organizationId, (tx) => repo.progress(tx, row.id, progress)),
          enqueue,
          notify: deps.notify,
        },
        view,
        job,
      );
    },
  };
}
