import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import { FIRST_LOAD_QUEUE } from '../sources';
import { ETL_BACKFILL_QUEUE } from './backfill';
import { etlRoutes } from './routes';
import { ETL_RUN_QUEUE, ETL_SCHEDULE_CRON, ETL_SCHEDULE_QUEUE } from './runs';
import { createEtlService, type EtlDeps } from './service';

export { createEtlService, type EtlDeps, type EtlService } from './service';
export { loadAccount, rawTableName, RAW_SCHEMA, streamTable } from './load-account';
export { migrateAccountRows, rekeyAccountRows } from './account-migration';
export { ETL_RUN_QUEUE, ETL_SCHEDULE_QUEUE, modelProgress, nextTick, type EtlRunJob } from './runs';
export { ETL_BACKFILL_QUEUE, type BackfillJob } from './backfill';
export {
  accountTimeZone,
  backfillPercent,
  backfillRange,
  chunkRange,
  gapRange,
  planLoads,
  RECENT_FIRST_DAYS,
  splitFirstLoad,
  DEEP_RECHECK_DAYS,
  DEEP_RECHECK_EVERY_DAYS,
  rereadDays,
  yesterdayIn,
} from './ranges';
export { failedAttempt, firstLoadRange, LOAD_FAILED_MESSAGE, type LoadOutcome } from './outcome';

/** Where a worker looks, every 5 minutes, for accounts a crashed run left `running`. */
export const RECOVER_QUEUE = 'etl.recover-running';
const RECOVER_CRON = '*/5 * * * *';

/**
 * How soon a killed or crashed worker's load is taken up again: its heartbeat (sent every
 * 7.5 s) stops, pg-boss's supervisor (every 10 s, platform/jobs.ts) fails the job after 15 s
 * without one, and retries it.
 */
const HEARTBEAT_SECONDS = 15;

/**
 * Policy of the first-load queue: a load may take up to 2 hours; a lost job is retried after
 * 30 s, backing off. Retries are set per job at send (sources).
 */
const LOAD_QUEUE_POLICY = {
  expireInSeconds: 2 * 60 * 60,
  heartbeatSeconds: HEARTBEAT_SECONDS,
  retryDelay: 30,
  retryBackoff: true,
} as const;

/** First loads of different organizations worked at once per process (decision 722). */
export const FIRST_LOADS_AT_ONCE = 2;

/**
 * A run loads every account of the organization: up to 6 hours. A run whose worker died or
 * stopped is picked up again by another attempt after 10 s, twice at most.
 */
const RUN_QUEUE_POLICY = {
  expireInSeconds: 6 * 60 * 60,
  heartbeatSeconds: HEARTBEAT_SECONDS,
  retryLimit: 2,
  retryDelay: 10,
} as const;

/**
 * Data loads (spec 002 Data load): works the first load of each connected account, and the
 * organization's runs (Load data now, and the daily schedule).
 */
export function createEtlModule(platform: Platform, services: Omit<EtlDeps, 'platform'>) {
  const etl = createEtlService({ platform, ...services });
  const module: Module = {
    name: 'etl',
    routes: (api) => etlRoutes(api, etl),
    start: async () => {
      const { boss } = platform.jobs;
      await boss.createQueue(FIRST_LOAD_QUEUE);
      await boss.updateQueue(FIRST_LOAD_QUEUE, LOAD_QUEUE_POLICY);
      await boss.createQueue(ETL_BACKFILL_QUEUE);
      await boss.updateQueue(ETL_BACKFILL_QUEUE, LOAD_QUEUE_POLICY);
      await boss.createQueue(ETL_RUN_QUEUE);
      await boss.updateQueue(ETL_RUN_QUEUE, RUN_QUEUE_POLICY);
      if (platform.config.runWorker) {
        await etl.recoverRunning();
        await etl.recoverRuns();
      }
    },
    jobs: () => [
      // A person waits for a first load (decision 660): polled every half second, not every 2 s;
      // and not behind other organizations' first loads (decision 722): several at once, one per
      // organization (its loads share its warehouse).
      {
        name: FIRST_LOAD_QUEUE,
        handler: (data, job) => etl.firstLoad(data, job),
        pollingIntervalSeconds: 0.5,
        concurrency: FIRST_LOADS_AT_ONCE,
        onePerGroup: true,
        wakeOnSend: true,
      },
      // Started when sent (decision 770): their senders record the account's or the run's state
      // before sending.
      { name: ETL_BACKFILL_QUEUE, handler: (data, job) => etl.backfill(data, job), wakeOnSend: true },
      { name: ETL_RUN_QUEUE, handler: (data, job) => etl.run(data, job), wakeOnSend: true },
      { name: ETL_SCHEDULE_QUEUE, cron: ETL_SCHEDULE_CRON, handler: async () => void (await etl.schedule()) },
      {
        name: RECOVER_QUEUE,
        cron: RECOVER_CRON,
        handler: async () => {
          await etl.recoverRunning();
          await etl.recoverRuns();
        },
      },
    ],
  };
  return { module, service: etl };
}
