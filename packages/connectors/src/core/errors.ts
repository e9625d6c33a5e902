// Provider failures, classified so that the server can tell the user what to do: wait (rate
// limits are retried first), reconnect (the grant was revoked), or read the provider's message.

export type ProviderErrorKind =
  /** Still rate limited after the retries. */
  | 'rate_limited'
  /** The grant is gone (revoked, password changed, refresh token expired): reconnect. */
  | 'reauthorization_required'
  /** The provider refused the request (bad id, no permission, invalid key...). */
  | 'provider'
  /** The provider failed (5xx) after the retries, or could not be reached. */
  | 'unavailable';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    /** The provider's own message, shown to the user as `Error {status}: {message}`. */
    message: string,
    /** The provider's HTTP status; 0 when it could not be reached. */
    readonly status: number,
    readonly provider: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
