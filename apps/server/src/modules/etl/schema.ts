import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { EtlRunStatus } from '@maya/contracts';
import { tenantPolicy } from '../../platform/db/tenant';
import { organizationIdColumn } from '../organizations/schema';

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
