import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../platform/db/tenant';
import { organizationIdColumn } from '../organizations/schema';

/**
 * spec 001 §3 PageSpeed URL (uuid, urlLink): an organization's list, in the editor's order. Ids
 * are the client's (a new row gets one in the browser), so the key is the organization and the id.
 */
export const pagespeedUrls = pgTable(
  'pagespeed_urls',
  {
    organizationId: organizationIdColumn(),
    id: uuid('id').notNull(),
    urlLink: text('url_link').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('pagespeed_urls_organization_position').on(t.organizationId, t.position),
    tenantPolicy('pagespeed_urls'),
  ],
).enableRLS();

/** What a run could not measure: its URL, strategy and the provider's message. */
export type PagespeedFailure = { url_link: string; strategy: string; message: string };

/**
 * The organization's last measurement run (one row): queued on save or by the daily schedule,
 * running, then finished (failures listed, their previous results kept) or failed as a whole.
 */
export const pagespeedRuns = pgTable(
  'pagespeed_runs',
  {
    organizationId: organizationIdColumn().primaryKey(),
    status: text('status', { enum: ['queued', 'running', 'finished', 'failed'] }).notNull(),
    /** The job the status is of: a run that a newer one replaced writes nothing here. */
    jobId: text('job_id'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    measured: integer('measured').notNull().default(0),
    failures: jsonb('failures').$type<PagespeedFailure[]>().notNull().default([]),
    /** Whether any run stored a result: the PageSpeed report is listed from then on. */
    hasResults: boolean('has_results').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantPolicy('pagespeed_runs')],
).enableRLS();
