import { randomUUID } from 'node:crypto';
import { LogController, type FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';
import type { Config } from './config';
import { errorForLog, requestForLog } from './log-redaction';

/** Where log lines are written: pino calls `write` with one JSON line at a time. */
export type LogDestination = { write(line: string): void };

/**
 * Structured JSON logs (pino) with a request id on every line of a request. A caller's
 * `x-request-id` is kept when it looks sane so one id follows a call across services.
 * `stream` replaces stdout (a test reads every line the app writes). In development the lines
 * are written for a person (pino-pretty: time, level, message, then the details); production and
 * tests keep one JSON object per line, which log collectors read.
 */
export function loggerOptions(config: Config, stream?: LogDestination): FastifyServerOptions {
  const destination = stream ?? (config.env === 'development' ? readableLog() : null);
  return {
    logger: {
      level: config.logLevel,
      ...(destination ? { stream: destination } : {}),
      base: { service: 'maya', env: config.env },
      // No secret in a log line: URLs lose their credentials, errors their bound values.
      serializers: { req: requestForLog, err: errorForLog },
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

/** Human-readable lines on stdout, written synchronously so none is lost at exit. */
function readableLog(): LogDestination {
  return pinoPretty({
    colorize: process.stdout.isTTY,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service,env',
    sync: true,
  });
}
