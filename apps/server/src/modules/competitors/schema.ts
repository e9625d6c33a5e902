import {
  bigint,
  boolean,
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
 * spec 001 §3 Competitors report (uuid, account_uuid, country_code, filter_column, filter_value,
 * search_terms_number, order_by), with its last computation (one per report): queued on save or
 * by the monthly schedule, running, then finished or failed with the provider's message (the
 * previous month's data stay as they were). Ids are the client's, as the editor makes them.
 */
export const competitionReports = pgTable(
  'competition_reports',
  {
    organizationId: organizationIdColumn(),
    id: uuid('id').notNull(),
    /** The service account (sources module) whose search terms are looked at. */
    accountId: uuid('account_id').notNull(),
    countryCode: text('country_code').notNull(),
    filterColumn: uuid('filter_column').notNull(),
    filterValue: text('filter_value').notNull(),
    searchTermsNumber: integer('search_terms_number').notNull(),
    orderBy: text('order_by', { enum: ['cost', 'clicks'] }).notNull(),
    runStatus: text('run_status', { enum: ['queued', 'running', 'finished', 'failed'] }),
    /** The job the run status is of: a run that a newer one replaced writes nothing here. */
    runJobId: text('run_job_id'),
    runMonth: text('run_month'),
    runStartedAt: timestamp('run_started_at', { withTimezone: true }),
    runFinishedAt: timestamp('run_finished_at', { withTimezone: true }),
    runError: text('run_error'),
    runTerms: integer('run_terms').notNull().default(0),
    runRequests: integer('run_requests').notNull().default(0),
    runCostMicros: bigint('run_cost_micros', { mode: 'number' }).notNull().default(0),
    /** Whether any run stored shares: the Competitors report is listed from then on. */
    hasResults: boolean('has_results').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] }), tenantPolicy('competition_reports')],
).enableRLS();

/** One organic or paid result of a SERP, as the job keeps it. */
export type CachedSerpItem = { type: 'organic' | 'paid'; domain: string; rank: number };

/**
 * The SERPs bought, per search term, country and month (`YYYY-MM`): a second run in the month (a
 * report saved again, a retry after a failure, another report over the same terms) pays nothing.
 */
export const competitionSerpCache = pgTable(
  'competition_serp_cache',
  {
    organizationId: organizationIdColumn(),
    countryCode: text('country_code').notNull(),
    month: text('month').notNull(),
    term: text('term').notNull(),
    items: jsonb('items').$type<CachedSerpItem[]>().notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.countryCode, t.month, t.term] }),
    tenantPolicy('competition_serp_cache'),
  ],
).enableRLS();

/** What the organization spent at the SERP provider per month, in millionths of `currency`. */
export const competitionSpend = pgTable(
  'competition_spend',
  {
    organizationId: organizationIdColumn(),
    month: text('month').notNull(),
    currency: text('currency').notNull(),
    requests: integer('requests').notNull().default(0),
    costMicros: bigint('cost_micros', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.month, t.currency] }),
    tenantPolicy('competition_spend'),
  ],
).enableRLS();
