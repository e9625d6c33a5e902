import { createSerpClient } from '@maya/connectors';
import { COMPETITORS_MODEL, competitorsSemanticModel, type SemanticModel } from '@maya/analytics';
import type { FastifyBaseLogger } from 'fastify';
import type { Platform } from '../../platform/platform';
import { RAW_SCHEMA } from '../modelling';
import type { Module } from '../module';
import { competitorsRoutes } from './routes';
import type { CompetitorsDeps } from './deps';
import { COMPETITORS_RUN_QUEUE, createCompetitorsService } from './service';

export { COMPETITORS_RUN_QUEUE, createCompetitorsService, type CompetitorsService } from './service';
/** The job's writer of a report's month (tests seed an earlier month with it). */
export { writeShares } from './warehouse';

/** The monthly computation of every report (UTC), on the 1st after the night's data loads. */
const SCHEDULE_QUEUE = 'competitors.schedule';
const SCHEDULE_CRON = '0 6 1 * *';

/** A run buys up to 300 SERPs: up to an hour; not retried (a retry would find the cache anyway). */
const RUN_QUEUE_POLICY = { expireInSeconds: 60 * 60, retryLimit: 0 } as const;

/**
 * Competition reports (spec 001 §2 Competitors, §3, §5, §7, §8, §9; issue 29): the reports of an
 * organization, a job that computes each for the month (monthly, and on save) from the SERPs of
 * its top search terms (DataForSEO's SERP API, cached per term, country and month, its spend
 * recorded) and stores each competing domain's shares in the organization's warehouse, and the
 * semantic model of those rows, which the reports module's built-in `-competitors` report reads.
 */
export function createCompetitorsModule(
  platform: Platform,
  services: Omit<CompetitorsDeps, 'platform' | 'client' | 'concurrency' | 'log'>,
) {
  let logger: FastifyBaseLogger | null = null;
  const { credentials, concurrency } = platform.config.serp;
  const client =
    credentials === null
      ? null
      : createSerpClient({ baseUrl: platform.config.connectors.endpoints.dataforseo, ...credentials });
  const service = createCompetitorsService({ platform, ...services, client, concurrency, log: () => logger });
  const module: Module = {
    name: 'competitors',
    routes: (api) => competitorsRoutes(api, service),
    start: async (log) => {
      logger = log;
      await platform.jobs.boss.createQueue(COMPETITORS_RUN_QUEUE);
      await platform.jobs.boss.updateQueue(COMPETITORS_RUN_QUEUE, RUN_QUEUE_POLICY);
    },
    jobs: () => [
      {
        name: COMPETITORS_RUN_QUEUE,
        handler: (data, job) => service.run(data, job),
        pollingIntervalSeconds: 1,
      },
      { name: SCHEDULE_QUEUE, cron: SCHEDULE_CRON, handler: async () => void (await service.schedule()) },
    ],
  };
  /** The model of the shares, once a report was computed (modelling asks once per version). */
  const semanticModels = async (organizationId: string): Promise<SemanticModel[]> =>
    (await service.hasResults(organizationId)) ? [competitorsSemanticModel(RAW_SCHEMA)] : [];
  return { module, service, semanticModels, model: COMPETITORS_MODEL };
}
