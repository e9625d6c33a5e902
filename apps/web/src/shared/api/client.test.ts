import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './ApiError';
import { buildUrl, createApiClient } from './client';
import { createConfigLoader } from './config';
import { shouldRetry } from './queryClient';
import { calledUrls, json, requestUrl, testConfig as config } from '../../test/api';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function setup(handler: Handler, token: string | null = null) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = requestUrl(input);
    return url === '/data/config.json' ? json(200, config) : handler(url, init ?? {});
  });
  const client = createApiClient({
    fetch: fetchMock,
    loadConfig: createConfigLoader(fetchMock),
    getAccessToken: () => token,
  });
  const apiCalls = () => fetchMock.mock.calls.filter(([input]) => requestUrl(input) !== '/data/config.json');
  return { client, fetchMock, apiCalls };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client', () => {
  it('prefixes apiBaseUrl, sends cookies, JSON and the bearer token', async () => {
    const { client, apiCalls } = setup(() => json(200, { ok: true }), 'token-123');
    await expect(client.post('/auth/login', { body: { email: 'a@b.co' } })).resolves.toEqual({ ok: true });
    const [url, init] = apiCalls()[0] ?? [];
    expect(url).toBe('/api/auth/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe(JSON.stringify({ email: 'a@b.co' }));
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-123');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no Authorization header without a token', async () => {
    const { client, apiCalls } = setup(() => json(200, {}));
    await client.get('/user');
    expect(new Headers(apiCalls()[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('fetches /data/config.json once for many calls', async () => {
    const { client, fetchMock } = setup(() => json(200, {}));
    await Promise.all([client.get('/a'), client.get('/b')]);
    await client.get('/c');
    expect(calledUrls(fetchMock).filter((url) => url === '/data/config.json')).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('retries the configuration after a failed load instead of caching the failure', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(new Response('nope', { status: 503 }))
      .mockResolvedValueOnce(json(200, config));
    const load = createConfigLoader(fetchMock);
    expect((await rejection(load())).type).toBe('config_unavailable');
    await expect(load()).resolves.toEqual(config);
  });

  it('rejects a configuration that does not match PublicConfigSchema', async () => {
    const load = createConfigLoader(vi.fn<typeof fetch>().mockResolvedValue(json(200, { apiBaseUrl: 5 })));
    expect((await rejection(load())).type).toBe('invalid_response');
  });

  it('turns {detail: {type}} into ApiError.type with status and detail', async () => {
    const detail = { type: 'merge_required', email: 'a@b.co', provider: 'google' };
    const { client } = setup(() => json(400, { detail }));
    const error = await rejection(client.post('/auth/login', { body: {} }));
    expect(error.status).toBe(400);
    expect(error.type).toBe('merge_required');
    expect(error.detail).toEqual(detail);
    expect(error.issues).toBeNull();
  });

  it('turns a 422 list into validation_error with the issues', async () => {
    const issues = [{ loc: ['body', 'email'], msg: 'Invalid email', type: 'invalid_format' }];
    const { client } = setup(() => json(422, { detail: issues }));
    const error = await rejection(client.post('/auth/login', { body: {} }));
    expect(error.status).toBe(422);
    expect(error.type).toBe('validation_error');
    expect(error.issues).toEqual(issues);
    expect(error.detail).toBeNull();
  });

  it('turns a thrown fetch into network_error with status 0', async () => {
    const { client } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await rejection(client.get('/user'));
    expect(error.type).toBe('network_error');
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
  });

  it('turns an error answer of another shape into http_error', async () => {
    const { client } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await rejection(client.get('/user'));
    expect(error).toMatchObject({ status: 502, type: 'http_error', detail: null, issues: null });
  });

  it('validates the answer with parse and reports a mismatch as invalid_response', async () => {
    const { client } = setup(() => json(200, { id: 'x' }));
    const parse = (data: unknown) => {
      if (typeof (data as { id?: unknown }).id !== 'number') throw new TypeError('id');
      return data as { id: number };
    };
    expect((await rejection(client.get('/thing', { parse }))).type).toBe('invalid_response');
  });

  it('answers undefined for 204 No Content', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }));
    await expect(client.delete('/invitations/1')).resolves.toBeUndefined();
  });

  it('builds query strings, leaving out null and undefined', () => {
    expect(buildUrl('/api/', '/auth/microsoft/auth_uri', { is_mona: 1, state: null, x: undefined })).toBe(
      '/api/auth/microsoft/auth_uri?is_mona=1',
    );
  });
});

describe('query retry policy', () => {
  it('never retries a 4xx answer and retries others twice', () => {
    expect(shouldRetry(0, new ApiError({ status: 404, type: 'not_found' }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 422, type: 'validation_error' }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 0, type: 'network_error' }))).toBe(true);
    expect(shouldRetry(1, new ApiError({ status: 503, type: 'service_unavailable' }))).toBe(true);
    expect(shouldRetry(2, new ApiError({ status: 503, type: 'service_unavailable' }))).toBe(false);
  });
});
