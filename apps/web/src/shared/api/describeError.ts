import { isApiError } from './ApiError';

export const CANT_CONNECT_MESSAGE = "Can't connect to the server";
export const SOMETHING_WENT_WRONG_MESSAGE = 'Something went wrong';

/** True when no answer came back: the network failed or the configuration could not be loaded. */
export function isConnectionError(error: unknown): boolean {
  return isApiError(error) && (error.isNetworkError || error.type === 'config_unavailable');
}

/**
 * The spec's generic load-failure text (spec 000 §8): `Error {status}: {detail}`, or
 * "Can't connect to the server" when no answer arrived. `{detail}` is the server's message when
 * it sent one, else its error type.
 */
export function describeApiError(error: unknown): string {
  if (!isApiError(error)) return SOMETHING_WENT_WRONG_MESSAGE;
  if (isConnectionError(error)) return CANT_CONNECT_MESSAGE;
  const message = error.detail?.message;
  const issues = error.issues?.map((issue) => issue.msg).join(', ');
  const detail = typeof message === 'string' && message !== '' ? message : issues || error.type;
  return `Error ${error.status}: ${detail}`;
}
