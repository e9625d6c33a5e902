import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { PlatformErrorType, type ValidationIssue } from '@maya/contracts';
import { clientCausedDatabaseError, databaseErrorFacts, databaseErrorOf } from './db/errors';

/**
 * A business or HTTP error a service raises on purpose. It reaches the client as
 * `{detail: {type, ...extra}}` with its status (DESIGN.md, Conventions).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(type);
    this.name = 'AppError';
  }
}

/** A request refused by a rule outside its route's schema: 422 `{detail: [{loc, msg, type}]}`. */
export class ValidationError extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`).join('; '));
    this.name = 'ValidationError';
  }
}

export const notFound = (what = 'resource') =>
  new AppError(404, PlatformErrorType.notFound, { message: `${what} not found` });

/**
 * Fastify's own errors, by code, to the envelope's types. A fixed message replaces Fastify's
 * where Fastify's quotes the URL: it may carry a token (an embed link, a reset link's id).
 */
const FASTIFY_CODES: Record<string, [number, string, string?]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, PlatformErrorType.malformedJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, PlatformErrorType.malformedJson],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, PlatformErrorType.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, PlatformErrorType.malformedJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, PlatformErrorType.payloadTooLarge],
  FST_ERR_BAD_URL: [400, PlatformErrorType.badUrl, 'The address is not valid percent-encoded UTF-8'],
  FST_ERR_MAX_PARAM_LENGTH: [414, PlatformErrorType.uriTooLong, 'A part of the address is too long'],
};

/** The answer to a database error a request's values caused; it is logged without its values. */
function answerDatabaseError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const database = databaseErrorOf(error);
  const answer = database ? clientCausedDatabaseError(database) : null;
  if (!database || !answer) return null;
  request.log.warn(
    { db: databaseErrorFacts(database) },
    'the database refused a value validation let through',
  );
  if (answer.status === 409) {
    return reply.status(409).send({ detail: { type: PlatformErrorType.conflict, message: answer.message } });
  }
  const issue: ValidationIssue = { loc: ['request'], msg: answer.msg, type: 'invalid_value' };
  return reply.status(422).send({ detail: [issue] });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ detail: { type: error.type, ...error.extra } });
    }
    if (error instanceof ValidationError) return reply.status(422).send({ detail: error.issues });
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext ?? 'body';
      const detail: ValidationIssue[] = error.validation.map((issue) => ({
        loc: [
          context,
          ...issue.instancePath
            .split('/')
            .filter(Boolean)
            .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        ],
        msg: issue.message ?? 'Invalid value',
        type: issue.keyword,
      }));
      return reply.status(422).send({ detail });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) {
      const [status, type, message = error.message] = known;
      return reply.status(status).send({ detail: { type, message } });
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send({ detail: { type: PlatformErrorType.rateLimited, message: error.message } });
    }
    if (
      error.statusCode &&
      error.statusCode >= 400 &&
      error.statusCode < 500 &&
      !isResponseSerializationError(error)
    ) {
      const type = error.code ? error.code.toLowerCase().replace(/^fst_err_/, '') : 'bad_request';
      return reply.status(error.statusCode).send({ detail: { type, message: error.message } });
    }
    const refused = answerDatabaseError(error, request, reply);
    if (refused) return refused;
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: { type: PlatformErrorType.internalError } });
  });
}

/** Unknown API routes answer the envelope too; the SPA plugin falls back to index.html for pages. */
export function sendRouteNotFound(method: string, url: string) {
  return {
    detail: { type: PlatformErrorType.notFound, message: `Route ${method} ${url.split('?')[0]} not found` },
  };
}

/**
 * Errors Fastify meets before a route is found (a path that is not valid UTF-8, a parameter past
 * `maxParamLength`), in the envelope and without the URL. Fastify answers these outside the
 * error handler, hence their own function.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const [status, type, message] = FASTIFY_CODES[error.code] ?? [
    400,
    'bad_request',
    'The request is not valid',
  ];
  void reply.status(status).send({ detail: { type, message } });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers too large, a malformed
 * request line): the envelope, written on the socket as Fastify's default handler writes its own.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, type, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, PlatformErrorType.headersTooLarge, 'The request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request took too long to arrive']
        : [400, 'bad_request', 'The request is not valid HTTP'];
  const body = JSON.stringify({ detail: { type, message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
