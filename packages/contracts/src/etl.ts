import { z } from 'zod/mini';

/**
 * Data loads (spec 002 Data load, §3 ETL progress and ETL log, §7 ETL): the organization's runs,
 * each loading every connected account in turn.
 */

export const EtlErrorType = {
  /** spec 002 §4: a run cannot start while running is true. */
  alreadyRunning: 'etl_already_running',
  /** The organization does not load data (a demo organization, or ETL turned off). */
  disabled: 'etl_disabled',
  /** The plan lapsed (entitlements' `etl_expired`): no load until a plan is chosen. */
  planExpired: 'etl_plan_expired',
} as const;

/**
 * Why nothing loads while the plan lapsed: the refused 'Load data now', a first load's account
 * and the upgrade warning on dashboards (spec 002 §2 names the warning, not its words).
 */
export const ETL_EXPIRED_MESSAGE =
  'Your plan has expired, so your data is no longer updated. Choose a plan to load data again.';

export const EtlOrganizationQuerySchema = z.object({ organization_id: z.uuid() });
export const EtlTriggerRequestSchema = z.object({ organization_id: z.uuid() });

/** A run's description from the moment it is queued until a worker takes it. */
export const ETL_QUEUED_STEP = 'Waiting to start';

/** spec 002 §3 ETL progress: the current (or last) run's state; points is a percent. */
export const EtlProgressSchema = z.object({
  running: z.boolean(),
  description: z.string(),
  points: z.int().check(z.minimum(0), z.maximum(100)),
});
export type EtlProgress = z.infer<typeof EtlProgressSchema>;

/** When the daily schedule loads next; null when the organization does not load data. */
export const EtlNextSchema = z.object({ next_etl_time: z.nullable(z.iso.datetime()) });
export type EtlNext = z.infer<typeof EtlNextSchema>;

export const EtlTriggerResponseSchema = z.object({ run_id: z.uuid() });
export type EtlTriggerResponse = z.infer<typeof EtlTriggerResponseSchema>;

export const EtlRunStatusSchema = z.enum(['running', 'finished', 'failed']);
export type EtlRunStatus = z.infer<typeof EtlRunStatusSchema>;

/** How many accounts an ended run loaded: all it set out to, less those that failed. */
export const EtlRunAccountsSchema = z.object({
  total: z.int().check(z.minimum(0)),
  failed: z.int().check(z.minimum(0)),
});
export type EtlRunAccounts = z.infer<typeof EtlRunAccountsSchema>;

/**
 * An ended run's outcome in words, true to what failed: '4 of 4 accounts loaded', or
 * '2 of 4 loaded, 2 failed' (never "Loaded 4 of 4" when two of them failed).
 */
export function etlRunSummary({ total, failed }: EtlRunAccounts): string {
  if (total === 0) return 'No accounts to load';
  const loaded = total - failed;
  if (failed === 0) return `${loaded} of ${total} ${total === 1 ? 'account' : 'accounts'} loaded`;
  return `${loaded} of ${total} loaded, ${failed} failed`;
}

/** spec 002 §3 ETL log: one run. run_time is in minutes, one decimal. */
export const EtlLogRunSchema = z.object({
  step: z.string(),
  sync_started_at: z.iso.datetime(),
  run_time: z.number().check(z.minimum(0)),
  status: EtlRunStatusSchema,
  error: z.nullable(z.string()),
  /** An ended organization run's account counts; null while it runs and for a single account's first load. */
  accounts: z.nullable(EtlRunAccountsSchema),
});
export type EtlLogRun = z.infer<typeof EtlLogRunSchema>;

/** A day's runs (UTC date), newest first. */
export const EtlLogDaySchema = z.object({
  date: z.iso.date(),
  runs: z.array(EtlLogRunSchema),
});
export type EtlLogDay = z.infer<typeof EtlLogDaySchema>;

export const EtlLogsSchema = z.object({
  /** When the newest run started; null before the first. */
  latest_etl_date: z.nullable(z.iso.datetime()),
  all_logs: z.array(EtlLogDaySchema),
});
export type EtlLogs = z.infer<typeof EtlLogsSchema>;

/**
 * What the organization's warehouse holds for its reports: each canonical model table
 * (docs/data-model.md) with its rows and the dates it covers (null for a table without dates,
 * or an empty one).
 */
export const EtlTableSchema = z.object({
  name: z.string(),
  rows: z.int().check(z.minimum(0)),
  first_date: z.nullable(z.iso.date()),
  last_date: z.nullable(z.iso.date()),
});
export type EtlTable = z.infer<typeof EtlTableSchema>;

export const EtlTablesSchema = z.object({ tables: z.array(EtlTableSchema) });
export type EtlTables = z.infer<typeof EtlTablesSchema>;
