import type { Config } from '../../platform/config';
import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import { createDemoService, type DemoDeps } from './service';

export {
  DEMO_SOURCES,
  DEMO_REFRESH_AFTER_MS,
  chooseAccounts,
  demoAction,
  type DemoAction,
  type DemoSource,
} from './plan';
export { createDemoService, type DemoOutcome, type DemoService } from './service';

/** One pass of the demo data: queued at every start, and every hour by the schedule. */
export const DEMO_DATA_QUEUE = 'demo.data';
/** Hourly: a pass finds nothing to do until a day has passed since the last load, or one failed. */
const DEMO_DATA_CRON = '40 * * * *';

/**
 * Whether the demo organization gets its data. The data comes from the sandbox, so never where
 * the sandbox is not mounted (production); and not in tests either, where every app would
 * otherwise load it in the background: `npm start` and `npm run dev` (NODE_ENV development, the
 * default), which the end-to-end tests run too.
 */
export function demoDataEnabled(config: Pick<Config, 'sandbox' | 'env'>): boolean {
  return config.sandbox && config.env === 'development';
}

/**
 * The demo organization's data (issue 6): the sandbox's advertising, search and analytics
 * accounts connected to the demo organization and loaded by the ETL, refreshed daily. The demo
 * organization itself (open to everyone, setup hidden) is the organizations module's.
 */
export function createDemoModule(platform: Platform, services: Pick<DemoDeps, 'organizations' | 'sources'>) {
  const enabled = demoDataEnabled(platform.config);
  const demo = createDemoService({ config: platform.config, ...services });
  const module: Module = {
    name: 'demo',
    routes: async () => {},
    start: async () => {
      if (!enabled) return;
      const { boss } = platform.jobs;
      // One pass queued or running at a time, however many processes start together.
      await boss.createQueue(DEMO_DATA_QUEUE, { policy: 'exclusive' });
      await boss.updateQueue(DEMO_DATA_QUEUE, { retryLimit: 3, retryDelay: 60, retryBackoff: true });
      await boss.send(DEMO_DATA_QUEUE, {});
    },
    jobs: () =>
      enabled
        ? [
            {
              name: DEMO_DATA_QUEUE,
              cron: DEMO_DATA_CRON,
              handler: async (_data, job) => void (await demo.ensure(job.signal)),
            },
          ]
        : [],
  };
  return { module, service: demo };
}
