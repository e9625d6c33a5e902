import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { PlatformErrorType, type ValidationIssue } from '@maya/contracts';

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

export const notFound = (what = 'resource') =>
  new AppError(404, PlatformErrorType.notFound, { message: `${what} not found` });

/** Fastify's own errors, by code, to the envelope's types. */
const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, PlatformErrorType.malformedJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, PlatformErrorType.malformedJson],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, PlatformErrorType.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, PlatformErrorType.malformedJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, PlatformErrorType.payloadTooLarge],
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ detail: { type: error.type, ...error.extra } });
    }
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
      return reply.status(known[0]).send({ detail: { type: known[1], message: error.message } });
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
