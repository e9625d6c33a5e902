import type { ErrorDetail, ValidationIssue } from '@maya/contracts';
import { answerSchemas } from './schemas';

/**
 * Error types the client produces itself; every other `type` is the server's `detail.type`
 * (snake_case, e.g. `merge_required`).
 */
export type ClientErrorType =
  'network_error' | 'validation_error' | 'http_error' | 'invalid_response' | 'config_unavailable';

export const NETWORK_ERROR: ClientErrorType = 'network_error';
export const VALIDATION_ERROR: ClientErrorType = 'validation_error';

export type ApiErrorInit = {
  /** HTTP status; 0 when no answer arrived (network failure). */
  status: number;
  type: ClientErrorType | (string & {});
  detail?: ErrorDetail | null;
  issues?: ValidationIssue[] | null;
  cause?: unknown;
};

/** Every failed API call rejects with one of these. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly type: ApiErrorInit['type'];
  /** The server's `detail` object (`{type, ...}`), or null. */
  readonly detail: ErrorDetail | null;
  /** The 422 list of `{loc, msg, type}`, or null. */
  readonly issues: ValidationIssue[] | null;

  constructor(init: ApiErrorInit) {
    super(init.status === 0 ? init.type : `HTTP ${init.status}: ${init.type}`, { cause: init.cause });
    this.status = init.status;
    this.type = init.type;
    this.detail = init.detail ?? null;
    this.issues = init.issues ?? null;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Turns the body of a non-2xx answer into an ApiError, whatever its shape. */
export async function apiErrorFromBody(status: number, body: unknown): Promise<ApiError> {
  const { ErrorResponseSchema, ValidationErrorResponseSchema } = await answerSchemas();
  const business = ErrorResponseSchema.safeParse(body);
  if (business.success) {
    return new ApiError({ status, type: business.data.detail.type, detail: business.data.detail });
  }
  const validation = ValidationErrorResponseSchema.safeParse(body);
  if (validation.success) {
    return new ApiError({ status, type: VALIDATION_ERROR, issues: validation.data.detail });
  }
  return new ApiError({ status, type: 'http_error' });
}
