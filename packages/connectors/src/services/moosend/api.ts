// Talking to the Moosend API v3: the API key in the query string and the `{Code, Error, Context}`
// envelope. Moosend answers failures, rate limiting included (`Code: 429`), with HTTP 200, so a
// fetch wrapper turns a failed envelope into the HTTP status it means; the shared client then
// retries a rate limit with backoff and reports anything else as a ProviderError with Moosend's text.
import { utcDay } from '@maya/contracts';
import { httpFor } from '../../core/context';
import { ProviderError } from '../../core/errors';
import { defaultErrorReader } from '../../core/http';
import type { ErrorReader, ProviderHttp } from '../../core/http';
import type { ConnectorContext } from '../../core/types';
import { MOOSEND_API_VERSION } from '../../core/api-versions';

export type MoosendEnvelope<T> = { Code: number; Error: string | null; Context: T };

const isEnvelope = (value: unknown): value is MoosendEnvelope<unknown> =>
  value !== null && typeof value === 'object' && typeof (value as { Code?: unknown }).Code === 'number';

/** A fetch that gives a failed envelope the status it stands for: 429 for rate limiting, else 400. */
export function envelopeFetch(base: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (!response.ok) return response;
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: handed on as it came
    }
    const status = isEnvelope(body) && body.Code !== 0 ? (body.Code === 429 ? 429 : 400) : response.status;
    return new Response(text, { status, headers: response.headers });
  };
}

export const readMoosendError: ErrorReader = (status, body) => {
  if (!isEnvelope(body)) return defaultErrorReader(status, body);
  const message = body.Error ?? `Moosend error ${body.Code}`;
  return body.Code === 429
    ? { message, kind: 'rate_limited' }
    : { message, kind: status >= 500 ? undefined : 'provider' };
};

export type MoosendClient = {
  get<T>(path: string, query?: Record<string, string | number>): Promise<T>;
};

/** The client of one connection: base URL, API key and envelope handling. */
export function moosendClient(context: ConnectorContext): MoosendClient {
  if (context.credentials.kind !== 'api_key') {
    throw new ProviderError('provider', 'Moosend needs an API key.', 0, 'Moosend');
  }
  const apiKey = context.credentials.api_key;
  const http: ProviderHttp = httpFor(
    { ...context, fetch: envelopeFetch(context.fetch ?? fetch) },
    'Moosend',
    readMoosendError,
  );
  const base = `${context.endpoints.moosend}/${MOOSEND_API_VERSION}`;
  return {
    async get<T>(path: string, query: Record<string, string | number> = {}) {
      const answer = await http.json<MoosendEnvelope<T>>(`${base}${path}`, {
        query: { ...query, apikey: apiKey },
        authenticated: false,
      });
      return answer.Context;
    },
  };
}

/** Moosend's JSON dates (`/Date(1464952817450+0100)/`): the instant and the local date it names. */
export function parseMoosendDate(
  value: string | null | undefined,
): { timestamp: string; localDate: string } | null {
  const match = value ? /^\/Date\((-?\d+)([+-]\d{2})?(\d{2})?\)\/$/.exec(value) : null;
  if (!match) return null;
  const ms = Number(match[1]);
  const hours = Number(match[2] ?? 0);
  const offsetMs =
    (Math.abs(hours) * 60 + Number(match[3] ?? 0)) * 60_000 * (match[2]?.startsWith('-') ? -1 : 1);
  return {
    timestamp: new Date(ms).toISOString(),
    localDate: utcDay(ms + offsetMs),
  };
}
