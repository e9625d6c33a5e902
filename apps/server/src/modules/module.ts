import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../platform/jobs';

/** What a feature module contributes: routes under /api, start-up work, job handlers. */
export type Module = {
  name: string;
  routes(api: FastifyInstance): Promise<void>;
  start?(): Promise<void>;
  jobs?(): JobDefinition[];
};
