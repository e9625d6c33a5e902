import type { ConfigLoader } from './config';
import { loadPublicConfig } from './config';
import { ApiError, NETWORK_ERROR, apiErrorFromBody } from './ApiError';
import { tokenStore } from '../auth/tokenStore';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions<T> = {
  /** Query parameters; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON, or as is when it is FormData. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Validates the success answer (a zod schema's `parse` fits); its failure is an ApiError. */
  parse?: (data: unknown) => T;
  /** Reads a success answer as a Blob (a file download) instead of JSON or text. */
  blob?: boolean;
};

type MethodCall = <T = unknown>(path: string, options?: RequestOptions<T>) => Promise<T>;

export type ApiClient = {
  request: <T = unknown>(method: HttpMethod, path: string, options?: RequestOptions<T>) => Promise<T>;
  get: MethodCall;
  post: MethodCall;
  put: MethodCall;
  patch: MethodCall;
  delete: MethodCall;
};

export type ApiClientDeps = {
  fetch: typeof fetch;
  loadConfig: ConfigLoader;
  getAccessToken: () => string | null;
};

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  if (!isJson) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The API client: prefixes the configured `apiBaseUrl`, sends cookies, attaches the bearer token
 * and rejects with an {@link ApiError} for every failure (HTTP, validation, network, bad answer).
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  async function request<T>(method: HttpMethod, path: string, options: RequestOptions<T> = {}): Promise<T> {
    const { apiBaseUrl } = await deps.loadConfig();
    const headers = new Headers({ Accept: 'application/json', ...options.headers });
    const token = deps.getAccessToken();
    if (token !== null) headers.set('Authorization', `Bearer ${token}`);

    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }

    let response: Response;
    try {
      response = await deps.fetch(buildUrl(apiBaseUrl, path, options.query), {
        method,
        headers,
        body,
        credentials: 'include',
        signal: options.signal,
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw new ApiError({ status: 0, type: NETWORK_ERROR, cause });
    }

    const data = options.blob === true && response.ok ? await response.blob() : await readBody(response);
    if (!response.ok) throw await apiErrorFromBody(response.status, data);
    if (!options.parse) return data as T;
    try {
      return options.parse(data);
    } catch (cause) {
      throw new ApiError({ status: response.status, type: 'invalid_response', cause });
    }
  }

  const call =
    (method: HttpMethod): MethodCall =>
    (path, options) =>
      request(method, path, options);

  return {
    request,
    get: call('GET'),
    post: call('POST'),
    put: call('PUT'),
    patch: call('PATCH'),
    delete: call('DELETE'),
  };
}

/** The app's API client (global fetch read at call time, token from the in-memory store). */
export const apiClient: ApiClient = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  loadConfig: loadPublicConfig,
  getAccessToken: () => tokenStore.get()?.accessToken ?? null,
});
