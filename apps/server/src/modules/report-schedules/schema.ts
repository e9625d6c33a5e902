import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ScheduleFrequency } from '@maya/contracts';
import { tenantPolicy } from '../../platform/db/tenant';
import { organizationIdColumn } from '../organizations/schema';
import { users } from '../users/schema';

/**
 * A report (or a bookmark of it) mailed as PDF on a calendar (issue 32): daily, weekly on a
 * weekday or monthly on a day, at an hour of its recipients' time zone. `next_run_at` is the next
 * delivery, or the next retry of a failed one (`attempt` failures so far); the delivery job named
 * by it is queued in pg-boss, which keeps it across restarts.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn(),
    reportSlug: text('report_slug').notNull(),
    /** The bookmark scheduled (the mail's link opens it); its view is `state`, taken when scheduled. */
    bookmarkId: uuid('bookmark_id'),
    name: text('name').notNull(),
    /** The encoded ReportState drawn; null for the report as saved. */
    state: text('state'),
    /** The page drawn: the state's, else the report's first. */
    page: text('page').notNull(),
    frequency: text('frequency').$type<ScheduleFrequency>().notNull(),
    /** ISO weekday (1 Monday … 7 Sunday) of a weekly schedule. */
    weekday: integer('weekday'),
    /** Day of the month (1-28) of a monthly schedule. */
    monthDay: integer('month_day'),
    hour: integer('hour').notNull(),
    timeZone: text('time_zone').notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    /** Failed attempts of the delivery due at `next_run_at`'s occurrence; 0 once one succeeds. */
    attempt: integer('attempt').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('report_schedules_organization_report').on(t.organizationId, t.reportSlug),
    tenantPolicy('report_schedules'),
  ],
).enableRLS();
