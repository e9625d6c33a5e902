import { randomUUID } from 'node:crypto';
import { LogController, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/**
 * Structured JSON logs (pino) with a request id on every line of a request. A caller's
 * `x-request-id` is kept when it looks sane so one id follows a call across services.
 */
export function loggerOptions(config: Config): FastifyServerOptions {
  return {
    logger: {
      level: config.logLevel,
      base: { service: 'maya', env: config.env },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    requestIdHeader: 'x-request-id',
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{8,128}$/.test(given) ? given : randomUUID();
    },
  };
}
