import type { Platform } from '../../platform/platform';
import type { Module } from '../module';
import { scheduleRoutes } from './routes';
import { createSchedulesService, DELIVERY_QUEUE, type SchedulesDeps } from './service';

export { createSchedulesService, DELIVERY_QUEUE, type SchedulesService } from './service';
export type { ScheduleRow } from './repository';

/**
 * A delivery's job: a lost one (a worker killed) is run again twice; a delivery that fails is
 * retried by the schedule itself, on its own clock (delivery.ts), never by pg-boss.
 */
const DELIVERY_POLICY = { expireInSeconds: 15 * 60, retryLimit: 2, retryDelay: 60 } as const;

/**
 * Report schedules (issue 32, "Sharing the result"): a report or bookmark mailed as PDF daily,
 * weekly or monthly at an hour of the recipients' time zone, with a link back; the PDF is the
 * reports module's export, the mail the platform's, a failure the organization's notification.
 */
export function createReportSchedulesModule(platform: Platform, services: Omit<SchedulesDeps, 'platform'>) {
  const service = createSchedulesService({ platform, ...services });
  const module: Module = {
    name: 'report-schedules',
    routes: (api) => scheduleRoutes(api, service),
    start: async () => {
      await platform.jobs.boss.createQueue(DELIVERY_QUEUE);
      await platform.jobs.boss.updateQueue(DELIVERY_QUEUE, DELIVERY_POLICY);
    },
    jobs: () => [
      {
        name: DELIVERY_QUEUE,
        handler: async (data) => void (await service.run(data)),
        pollingIntervalSeconds: 1,
      },
    ],
  };
  return { module, service };
}
