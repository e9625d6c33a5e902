import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { JobDefinition } from '../platform/jobs';

/** What a feature module contributes: routes under /api, start-up and shut-down work, job handlers. */
export type Module = {
  name: string;
  routes(api: FastifyInstance): Promise<void>;
  /** Routes at the origin's root, outside /api (the OAuth discovery documents under /.well-known). */
  rootRoutes?(app: FastifyInstance): Promise<void>;
  start?(log: FastifyBaseLogger): Promise<void>;
  /** On close, before the database closes (connections the module holds). */
  stop?(): Promise<void>;
  jobs?(): JobDefinition[];
};
