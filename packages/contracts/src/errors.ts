import { z } from 'zod/mini';

/**
 * The error envelope of every API answer that is not a success (DESIGN.md, Conventions):
 * business and HTTP errors carry `{detail: {type, ...}}`; request validation (422) carries
 * `{detail: [{loc, msg, type}]}` like the frameworks the spec's clients were written against.
 */
export const ErrorTypeSchema = z
  .string()
  .check(
    z.regex(/^[a-z][a-z0-9_]*$/, 'error types are snake_case'),
    z.describe('snake_case error type, e.g. merge_required'),
  );

export const ErrorDetailSchema = z.looseObject({
  type: ErrorTypeSchema,
  message: z.optional(z.string()),
});
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;

export const ErrorResponseSchema = z.object({ detail: ErrorDetailSchema });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const ValidationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;

export const ValidationErrorResponseSchema = z.object({ detail: z.array(ValidationIssueSchema) });
export type ValidationErrorResponse = z.infer<typeof ValidationErrorResponseSchema>;

/** Error types the platform itself answers with; each area adds its own in its contract file. */
export const PlatformErrorType = {
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  malformedJson: 'malformed_json',
  unsupportedMediaType: 'unsupported_media_type',
  payloadTooLarge: 'payload_too_large',
  /** A path that is not valid percent-encoded UTF-8. */
  badUrl: 'bad_url',
  /** A path parameter, or the request line and headers, longer than the server reads. */
  uriTooLong: 'uri_too_long',
  headersTooLarge: 'headers_too_large',
  /** The request names or repeats something in a way what is stored does not allow. */
  conflict: 'conflict',
  rateLimited: 'rate_limited',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  serviceUnavailable: 'service_unavailable',
  internalError: 'internal_error',
} as const;
export type PlatformErrorType = (typeof PlatformErrorType)[keyof typeof PlatformErrorType];
