import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../platform/jobs';
import type { Platform } from '../platform/platform';

/** What a feature module contributes to the app: routes under /api, start-up work, job handlers. */
export type Module = {
  name: string;
  routes(api: FastifyInstance, platform: Platform): Promise<void>;
  start?(platform: Platform): Promise<void>;
  jobs?(platform: Platform): JobDefinition[];
};
