import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { ServerResponse } from 'node:http';
import { constants as zlib } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import {
  bookmarkLimits,
  ErrorResponseSchema,
  reportLimits,
  ValidationErrorResponseSchema,
} from '@maya/contracts';

export const API_PREFIX = '/api';

/** One encoded report state at its longest, with room for the rest of its request. */
const REPORT_STATE_BODY = reportLimits.maxEncodedStateLength + 64 * 1024;

/**
 * Request body limits in bytes (docs/decisions.md). Every route reads at most `default`; a route
 * whose contract carries more sets `bodyLimit` to one of the others where it is declared. A body
 * past its limit answers 413 payload_too_large before it is parsed. Nothing is uploaded as
 * multipart today: a BigQuery key file (about 2.4 kB) and the Apple Ads key ids come as JSON.
 */
export const BODY_LIMITS = {
  /** Sign-in, sign-up, settings, destinations with a key file: all far below it. */
  default: 64 * 1024,
  /** Save as, an embed token, a bookmark's update: a state of 65,536 characters and more fields. */
  reportState: REPORT_STATE_BODY,
  /** A batch of bookmarks (all saved or none), each with a state at its longest. */
  bookmarkBatch: bookmarkLimits.maxBatch * REPORT_STATE_BODY,
  /** A visual's query: a list filter at its longest (1,000 values of 1,000 characters) fits. */
  reportQuery: 1024 * 1024,
  /** A report document from edit mode: 50 pages of 50 visuals with their filters fit. */
  reportDocument: 2 * 1024 * 1024,
} as const;

/**
 * A route's `serializerCompiler` for answers too large to check again on every call: plain
 * JSON, where the app's default parses each answer with its zod schema first. Only for answers
 * the server builds from typed parts, with nothing to strip (no stored row is passed through),
 * whose tests check them against the schema: a report visual's 500 rows took 0.7 ms to parse.
 * The schema still documents the route (OpenAPI) and types the handler.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);

/** Error answers for a route's OpenAPI entry: the envelope for each status, the 422 list. */
export function errorResponses(...statuses: (400 | 401 | 403 | 404 | 409 | 429 | 502 | 504)[]) {
  const map: Record<number, typeof ErrorResponseSchema | typeof ValidationErrorResponseSchema> = {
    422: ValidationErrorResponseSchema,
  };
  for (const status of statuses) map[status] = ErrorResponseSchema;
  return map;
}

/** Helmet's headers, worked out once (@fastify/helmet builds them again on every request). */
const secure = helmet({
  // The SPA's own bundle only; Mantine injects style tags, hence 'unsafe-inline' for styles.
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'self'"],
    },
  },
});

/**
 * The headers of every answer, in one hook that does not allocate a promise: each hook is a
 * step of every request (a cached report answer takes about 0.7 ms in all, bench/README.md).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.addHook('onRequest', (request, reply, done) => {
    // Echo the request id so a user's bug report can be matched to the server's log lines.
    reply.header('x-request-id', request.id);
    secure(request.raw, reply.raw, (error?: unknown) => {
      if (error === undefined && request.url.startsWith('/embed/')) frameable(reply.raw);
      done(error as Error | undefined);
    });
  });
}

/**
 * The SPA's /embed/{token} page is made to be framed by other sites (a signed, short-lived,
 * read-only report); every other path stays same-origin only.
 */
function frameable(raw: ServerResponse): void {
  raw.removeHeader('x-frame-options');
  const csp = raw.getHeader('content-security-policy');
  if (typeof csp === 'string') {
    raw.setHeader('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
  }
}

/** Answers smaller than this go uncompressed: the headers and the work would cost more. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * API answers (and static files without a precompressed twin) compressed on the fly when the
 * client accepts it: brotli at a fast level, else gzip. Sign-in and session answers carry tokens
 * and are never compressed (BREACH: a secret compressed beside reflected input leaks by length).
 * Registered before the routes: it reads each route's `compress` option as the route is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(`${API_PREFIX}/auth/`)) route.compress = false;
  });
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
