import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EtlRunStatus } from '@maya/contracts';
import { tenantPolicy } from '../../platform/db/tenant';
import { organizationIdColumn } from '../organizations/schema';
import { serviceAccounts } from '../sources/schema';

export type EtlTrigger = 'manual' | 'schedule' | 'first_load';

/**
 * spec 002 Data load: one run of an organization's data load, every connected account loaded in
 * turn. At most one runs at a time per organization (the partial unique index).
 */
export const etlRuns = pgTable(
  'etl_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn(),
    trigger: text('trigger').$type<EtlTrigger>().notNull(),
    status: text('status').$type<EtlRunStatus>().notNull().default('running'),
    /** What the run is doing now (the progress description); its last step once ended. */
    step: text('step').notNull(),
    /** Percent done, 0 to 100. */
    points: integer('points').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    error: text('error'),
    /** An ended run's accounts: how many it loaded in turn, and how many of them failed. */
    accountsTotal: integer('accounts_total'),
    accountsFailed: integer('accounts_failed'),
  },
  (t) => [
    index('etl_runs_organization_started').on(t.organizationId, t.startedAt),
    uniqueIndex('etl_runs_one_running')
      .on(t.organizationId)
      .where(sql`status = 'running'`),
    tenantPolicy('etl_runs'),
  ],
).enableRLS();

/**
 * The last fully loaded day of each stream of each account, on the account's wall calendar
 * (`time_zone`, the provider's account zone), recorded when a load's tables are swapped in. A
 * scheduled load reads from the day after it (minus the look-back), so an outage leaves no gap.
 */
export const etlStreamDays = pgTable(
  'etl_stream_days',
  {
    organizationId: organizationIdColumn(),
    serviceAccountId: uuid('service_account_id')
      .notNull()
      .references(() => serviceAccounts.id, { onDelete: 'cascade' }),
    stream: text('stream').notNull(),
    lastLoadedDay: date('last_loaded_day', { mode: 'string' }).notNull(),
    /**
     * The first day loaded while the history before it is still being loaded (a first load
     * takes its recent days first, decision 660); null once the history is complete.
     */
    historyFrom: date('history_from', { mode: 'string' }),
    timeZone: text('time_zone').notNull(),
    /**
     * The account-calendar day ("yesterday" then) of the stream's last deep re-check or first
     * load, which read every day the deep re-check reaches; null: never (decision 650).
     */
    deepCheckedDay: date('deep_checked_day', { mode: 'string' }),
    loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serviceAccountId, t.stream] }), tenantPolicy('etl_stream_days')],
).enableRLS();

/**
 * The organization's data-load settings: each service's look-back days where the organization
 * chose its own (a service absent uses its connector's default). One row per organization.
 */
export const etlSettings = pgTable(
  'etl_settings',
  {
    organizationId: organizationIdColumn().primaryKey(),
    lookbackDays: jsonb('lookback_days').$type<Record<string, number>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantPolicy('etl_settings')],
).enableRLS();
