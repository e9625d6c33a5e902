import { createPagespeedClient } from '@maya/connectors';
import { PAGESPEED_MODEL, pagespeedSemanticModel, type SemanticModel } from '@maya/analytics';
import type { FastifyBaseLogger } from 'fastify';
import type { Platform } from '../../platform/platform';
import { RAW_SCHEMA } from '../modelling';
import type { Module } from '../module';
import { pagespeedRoutes } from './routes';
import { createPagespeedService, PAGESPEED_RUN_QUEUE, type PagespeedDeps } from './service';

export { createPagespeedService, PAGESPEED_RUN_QUEUE, type PagespeedService } from './service';

/** The daily run of every organization's URLs (UTC), after the night's data loads. */
const SCHEDULE_QUEUE = 'pagespeed.schedule';
const SCHEDULE_CRON = '30 5 * * *';

/** A run measures up to 250 URLs twice: up to two hours; a lost one is retried once. */
const RUN_QUEUE_POLICY = { expireInSeconds: 2 * 60 * 60, retryLimit: 1, retryDelay: 60 } as const;

/**
 * PageSpeed (spec 001 §2 PageSpeed, §5, §7, §8, §9; issue 29): the organization's URL list, a
 * job that runs each URL through Google's PageSpeed Insights API v5 on both strategies (daily,
 * and on save for new URLs) and stores the performance score and Core Web Vitals per URL, day and
 * strategy in the organization's warehouse, and the semantic model of those rows, which the
 * reports module's built-in `-pagespeed` report reads.
 */
export function createPagespeedModule(
  platform: Platform,
  services: Omit<PagespeedDeps, 'platform' | 'client' | 'concurrency' | 'log'>,
) {
  let logger: FastifyBaseLogger | null = null;
  const { apiKey, concurrency } = platform.config.pagespeed;
  const client =
    apiKey === null
      ? null
      : createPagespeedClient({ baseUrl: platform.config.connectors.endpoints.pagespeed, apiKey });
  const service = createPagespeedService({ platform, ...services, client, concurrency, log: () => logger });
  const module: Module = {
    name: 'pagespeed',
    routes: (api) => pagespeedRoutes(api, service),
    start: async (log) => {
      logger = log;
      await platform.jobs.boss.createQueue(PAGESPEED_RUN_QUEUE);
      await platform.jobs.boss.updateQueue(PAGESPEED_RUN_QUEUE, RUN_QUEUE_POLICY);
    },
    jobs: () => [
      {
        name: PAGESPEED_RUN_QUEUE,
        handler: (data, job) => service.run(data, job),
        pollingIntervalSeconds: 1,
      },
      { name: SCHEDULE_QUEUE, cron: SCHEDULE_CRON, handler: async () => void (await service.schedule()) },
    ],
  };
  /** The model of the measurements, once the organization has one (modelling asks once per version). */
  const semanticModels = async (organizationId: string): Promise<SemanticModel[]> =>
    (await service.hasResults(organizationId)) ? [pagespeedSemanticModel(RAW_SCHEMA)] : [];
  return { module, service, semanticModels, model: PAGESPEED_MODEL };
}
