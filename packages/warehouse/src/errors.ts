export type WarehouseErrorType =
  | 'query_timeout'
  | 'read_only_violation'
  | 'invalid_identifier'
  | 'invalid_parameter'
  | 'schema_mismatch'
  | 'engine_error'
  /** A destination's host is (or resolves to) an address that is not publicly reachable, and that is not allowed. */
  | 'address_not_allowed';

/** The one error every adapter throws; `type` is stable, `message` is for people and logs. */
export class WarehouseError extends Error {
  override readonly name = 'WarehouseError';
  readonly type: WarehouseErrorType;

  constructor(type: WarehouseErrorType, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.type = type;
  }
}

export function isWarehouseError(error: unknown): error is WarehouseError {
  return error instanceof WarehouseError;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
