// HTTP to provider APIs: JSON in and out, the Authorization header from a token source (refreshed
// once on a 401), rate limits (429 with Retry-After, or a provider's own quota answer) and server
// failures retried with exponential backoff and jitter, and every other failure turned into a
// ProviderError carrying the provider's own message.
import { ProviderError } from './errors';

/** Supplies `Authorization`; `refresh` forces a new access token (after a 401). */
export type TokenSource = {
  authorization(): Promise<string>;
  refresh(): Promise<void>;
};

/** How a provider's error answer reads: its message and, when the status alone does not say, its kind. */
export type ErrorReading = {
  message: string;
  /** `rate_limited`: retry later (Meta answers quota errors with 400 and code 17). */
  kind?: 'rate_limited' | 'unauthorized' | 'reauthorization_required' | 'provider';
  retryAfterMs?: number;
};
export type ErrorReader = (status: number, body: unknown) => ErrorReading;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** false: no Authorization header (API keys in the query, token endpoints). */
  authenticated?: boolean;
};

export type HttpOptions = {
  /** Names the provider in errors and logs. */
  provider: string;
  auth?: TokenSource | null;
  readError?: ErrorReader;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Attempts per request, the first included. */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  signal?: AbortSignal;
};

export type ProviderHttp = {
  readonly provider: string;
  json<T>(url: string, options?: RequestOptions): Promise<T>;
  /** The successful response itself, for bodies read as a stream (CSV reports, NDJSON). */
  response(url: string, options?: RequestOptions): Promise<Response>;
};

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** RFC 9110 Retry-After: delay-seconds or an HTTP date. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Reads the message out of the common error shapes (`{error:{message}}`, `{error_description}`...). */
export const defaultErrorReader: ErrorReader = (status, body) => {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const error = record.error;
    if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
      return { message: (error as { message: string }).message };
    }
    if (typeof record.error_description === 'string') return { message: record.error_description };
    if (typeof record.message === 'string') return { message: record.message };
    if (typeof error === 'string') return { message: error };
  }
  if (typeof body === 'string' && body.trim()) return { message: body.trim().slice(0, 500) };
  return { message: `HTTP ${status}` };
};

export function createProviderHttp(options: HttpOptions): ProviderHttp {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? sleepFor;
  const maxAttempts = options.maxAttempts ?? 6;
  const baseDelay = options.baseDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 60_000;
  const readError = options.readError ?? defaultErrorReader;
  const fail = (kind: ProviderError['kind'], message: string, status: number) =>
    new ProviderError(kind, message, status, options.provider);

  const backoff = (attempt: number) => {
    const exponential = Math.min(maxDelay, baseDelay * 2 ** (attempt - 1));
    return exponential / 2 + Math.random() * (exponential / 2);
  };

  async function send(url: string, request: RequestOptions): Promise<Response> {
    const target = new URL(url);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) target.searchParams.set(name, String(value));
    }
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
      if (request.authenticated !== false && options.auth) {
        headers.authorization = await options.auth.authorization();
      }
      let body: string | undefined;
      if (request.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(request.json);
      } else if (request.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(request.form).toString();
      }
      let response: Response;
      try {
        response = await doFetch(target, {
          method: request.method ?? (body === undefined ? 'GET' : 'POST'),
          headers,
          body,
          signal: options.signal,
        });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        if (attempt >= maxAttempts) {
          throw fail('unavailable', `Could not reach ${options.provider}: ${(error as Error).message}`, 0);
        }
        await sleep(backoff(attempt));
        continue;
      }
      if (response.ok) return response;

      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      const reading = readError(response.status, parsed);
      const kind =
        reading.kind ??
        (response.status === 429 ? 'rate_limited' : response.status === 401 ? 'unauthorized' : undefined);

      if (kind === 'unauthorized' || kind === 'reauthorization_required') {
        if (kind === 'unauthorized' && options.auth && !refreshed) {
          refreshed = true;
          await options.auth.refresh();
          attempt--; // a token refresh is not a failed attempt
          continue;
        }
        throw fail('reauthorization_required', reading.message, response.status);
      }
      if (kind === 'rate_limited' || response.status >= 500) {
        if (attempt >= maxAttempts) {
          throw fail(
            kind === 'rate_limited' ? 'rate_limited' : 'unavailable',
            reading.message,
            response.status,
          );
        }
        const hinted = reading.retryAfterMs ?? retryAfterMs(response.headers.get('retry-after'));
        await sleep(hinted !== null && hinted !== undefined ? Math.min(hinted, maxDelay) : backoff(attempt));
        continue;
      }
      throw fail('provider', reading.message, response.status);
    }
  }

  return {
    provider: options.provider,
    async json<T>(url: string, request: RequestOptions = {}) {
      const response = await send(url, request);
      const text = await response.text();
      return (text ? JSON.parse(text) : null) as T;
    },
    response: (url, request = {}) => send(url, request),
  };
}
