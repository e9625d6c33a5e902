import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingSleep } from '../testing/harness';
import { ProviderError } from './errors';
import { createProviderHttp, retryAfterMs, type TokenSource } from './http';

/** A provider that answers each path with a scripted sequence of statuses. */
let app: FastifyInstance;
let base = '';
const scripts = new Map<string, { status: number; body: unknown; headers?: Record<string, string> }[]>();
const seenAuth: string[] = [];

beforeAll(async () => {
  app = Fastify();
  app.all('/*', async (request, reply) => {
    seenAuth.push(request.headers.authorization ?? '');
    const next = scripts.get(request.url.split('?')[0]!)?.shift() ?? { status: 200, body: { ok: true } };
    return reply
      .code(next.status)
      .headers(next.headers ?? {})
      .send(next.body);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
});
afterAll(() => app.close());

function tokens(): TokenSource & { refreshed: number } {
  let n = 0;
  return {
    get refreshed() {
      return n;
    },
    authorization: async () => `Bearer token-${n}`,
    refresh: async () => void n++,
  };
}

describe('provider HTTP', () => {
  it('waits as long as Retry-After says on a 429, then succeeds', async () => {
    scripts.set('/limited', [
      { status: 429, body: { error: { message: 'Quota exceeded' } }, headers: { 'retry-after': '7' } },
      { status: 200, body: { rows: [1] } },
    ]);
    const { sleep, waits } = recordingSleep();
    const http = createProviderHttp({ provider: 'test', sleep });
    expect(await http.json(`${base}/limited`)).toEqual({ rows: [1] });
    expect(waits).toEqual([7000]);
  });

  it('backs off exponentially on 5xx and gives up as unavailable with the provider message', async () => {
    scripts.set(
      '/down',
      Array.from({ length: 4 }, () => ({ status: 503, body: { error: { message: 'Backend down' } } })),
    );
    const { sleep, waits } = recordingSleep();
    const http = createProviderHttp({ provider: 'test', sleep, maxAttempts: 4, baseDelayMs: 100 });
    const error = await http.json(`${base}/down`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'unavailable', status: 503, message: 'Backend down' });
    expect(waits).toHaveLength(3);
    // Each wait lies within [d/2, d] of an exponential d = 100, 200, 400.
    waits.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(50 * 2 ** i);
      expect(ms).toBeLessThanOrEqual(100 * 2 ** i);
    });
  });

  it('refreshes the token once on a 401 and retries with the new one', async () => {
    scripts.set('/expired', [{ status: 401, body: { error: { message: 'Token expired' } } }]);
    const auth = tokens();
    const http = createProviderHttp({ provider: 'test', auth, sleep: recordingSleep().sleep });
    seenAuth.length = 0;
    expect(await http.json(`${base}/expired`)).toEqual({ ok: true });
    expect(auth.refreshed).toBe(1);
    expect(seenAuth).toEqual(['Bearer token-0', 'Bearer token-1']);
  });

  it('asks for a reconnect when a refreshed token is refused too', async () => {
    scripts.set('/revoked', [
      { status: 401, body: { error: { message: 'Token expired' } } },
      { status: 401, body: { error: { message: 'Grant revoked' } } },
    ]);
    const http = createProviderHttp({ provider: 'test', auth: tokens(), sleep: recordingSleep().sleep });
    await expect(http.json(`${base}/revoked`)).rejects.toMatchObject({
      kind: 'reauthorization_required',
      message: 'Grant revoked',
    });
  });

  it("turns a 4xx into a provider error with the provider's own message, without retrying", async () => {
    scripts.set('/bad', [{ status: 400, body: { error_description: 'Unknown customer 42' } }]);
    const { sleep, waits } = recordingSleep();
    const http = createProviderHttp({ provider: 'test', sleep });
    await expect(http.json(`${base}/bad`)).rejects.toMatchObject({
      kind: 'provider',
      status: 400,
      message: 'Unknown customer 42',
    });
    expect(waits).toEqual([]);
  });

  it('lets a provider classify its own quota answers (a 400 that means slow down)', async () => {
    scripts.set('/meta', [
      { status: 400, body: { error: { code: 17, message: 'User request limit reached' } } },
    ]);
    const { sleep, waits } = recordingSleep();
    const http = createProviderHttp({
      provider: 'meta',
      sleep,
      readError: (_status, body) => {
        const error = (body as { error: { code: number; message: string } }).error;
        return { message: error.message, kind: error.code === 17 ? 'rate_limited' : undefined };
      },
    });
    expect(await http.json(`${base}/meta`)).toEqual({ ok: true });
    expect(waits).toHaveLength(1);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});
