import type { PublicConfig } from '@maya/contracts';
import { vi } from 'vitest';

export const testConfig: PublicConfig = {
  apiBaseUrl: '/api',
  productName: 'Maya',
  environment: 'test',
  version: '0.1.0',
  tagManagerId: null,
  tracking: null,
  documentationUrl: 'https://docs.example.com',
  privacyPolicyUrl: 'https://example.com/privacy',
  termsOfServiceUrl: 'https://example.com/terms',
};

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The URL a fetch was called with, whatever form it took. */
export function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** The URLs of every call a fetch mock received. */
export function calledUrls(fetchMock: { mock: { calls: Parameters<typeof fetch>[] } }): string[] {
  return fetchMock.mock.calls.map(([input]) => requestUrl(input));
}

export type ApiHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Stubs the global fetch: /data/config.json answers `testConfig`, every other call goes to `handler`. */
export function mockApi(handler: ApiHandler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = requestUrl(input);
    return url === '/data/config.json' ? json(200, testConfig) : handler(url, init ?? {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
