// Reading Microsoft Advertising fault answers: AdApiFaultDetail (`Errors`: authentication, rate
// limits), ApiFault / ApiFaultDetail (`OperationErrors`, `BatchErrors`: the operation's own
// refusals), and the bare `{Code, Message}` some gateways answer with. The message shown is
// Microsoft's own.
// https://learn.microsoft.com/advertising/guides/handle-service-errors-exceptions
import { defaultErrorReader } from '../../core/http';
import type { ErrorReader, ErrorReading } from '../../core/http';
import type { FaultError } from './api';

/** AuthenticationTokenExpired: a new access token fixes it. */
const TOKEN_EXPIRED = 109;
/** CallRateExceeded: too many calls a minute. */
const CALL_RATE_EXCEEDED = 117;

function errorsOf(body: Record<string, unknown>): FaultError[] {
  const lists = [body.Errors, body.OperationErrors, body.BatchErrors];
  const errors = lists.flatMap((list) => (Array.isArray(list) ? (list as FaultError[]) : []));
  if (errors.length === 0 && typeof body.Message === 'string') {
    errors.push({ Code: Number(body.Code ?? 0), Message: body.Message });
  }
  return errors.filter((e) => e && typeof e.Message === 'string');
}

export const readMicrosoftAdsError: ErrorReader = (status, body): ErrorReading => {
  if (!body || typeof body !== 'object') return defaultErrorReader(status, body);
  const errors = errorsOf(body as Record<string, unknown>);
  if (errors.length === 0) return defaultErrorReader(status, body);
  const message = errors.map((e) => e.Message).join(' ');
  const codes = errors.map((e) => Number(e.Code));
  if (status === 429 || codes.includes(CALL_RATE_EXCEEDED)) return { message, kind: 'rate_limited' };
  if (status === 401 || codes.includes(TOKEN_EXPIRED)) return { message, kind: 'unauthorized' };
  return { message };
};
