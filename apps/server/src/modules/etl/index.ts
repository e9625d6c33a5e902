import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import { FIRST_LOAD_QUEUE } from '../sources';
import { createEtlService, type EtlDeps } from './service';

export { createEtlService, type EtlService } from './service';
export { loadAccount, rawTableName, RAW_SCHEMA, streamTable } from './load-account';
export { failedAttempt, firstLoadRange, LOAD_FAILED_MESSAGE, type LoadOutcome } from './outcome';

/** Where a worker looks, every 5 minutes, for accounts a crashed run left `running`. */
export const RECOVER_QUEUE = 'etl.recover-running';
const RECOVER_CRON = '*/5 * * * *';

/**
 * Policy of the load queue: a run may take up to 2 hours; a worker that stops sending its
 * heartbeat for a minute (killed, crashed) loses the job, which pg-boss retries after 30 s,
 * backing off. Retries are set per job at send (sources).
 */
const LOAD_QUEUE_POLICY = {
  expireInSeconds: 2 * 60 * 60,
  heartbeatSeconds: 60,
  retryDelay: 30,
  retryBackoff: true,
} as const;

/** Data loads (spec 002 Data load): works the first load of each connected account. */
export function createEtlModule(platform: Platform, services: Pick<EtlDeps, 'sources' | 'historyYears'>) {
  const etl = createEtlService({ platform, ...services });
  const module: Module = {
    name: 'etl',
    routes: async () => undefined,
    start: async () => {
      const { boss } = platform.jobs;
      await boss.createQueue(FIRST_LOAD_QUEUE);
      await boss.updateQueue(FIRST_LOAD_QUEUE, LOAD_QUEUE_POLICY);
      if (platform.config.runWorker) await etl.recoverRunning();
    },
    jobs: () => [
      { name: FIRST_LOAD_QUEUE, handler: (data, job) => etl.firstLoad(data, job) },
      { name: RECOVER_QUEUE, cron: RECOVER_CRON, handler: async () => void (await etl.recoverRunning()) },
    ],
  };
  return { module, service: etl };
}
