import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from '../../src/platform/http';
import { createTestApp } from '../support/database';

let app: FastifyInstance;

// Two routes answering the same large text: one where answers are compressed, one where sign-in
// answers live (never compressed: they carry tokens).
const LARGE = JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ i, label: `row ${i}` })) });
beforeAll(async () => {
  ({ app } = await createTestApp());
  await app.register(
    async (api) => {
      for (const url of ['/probe/large', '/auth/probe-large'])
        api.get(url, { config: { guard: 'public' } }, async (_request, reply) =>
          reply.type('application/json').send(LARGE),
        );
    },
    { prefix: '/api' },
  );
});
afterAll(() => app.close());

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('API answers compressed', () => {
  it('as brotli or gzip when accepted and large enough, the same JSON once decompressed', async () => {
    const plain = await get('/api/probe/large');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const br = await get('/api/probe/large', 'gzip, deflate, br');
    expect([br.statusCode, br.headers['content-encoding'], br.headers.vary]).toEqual([
      200,
      'br',
      'accept-encoding',
    ]);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(LARGE);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);

    const gz = await get('/api/probe/large', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(LARGE);
  });

  it('not below the threshold, nor for sign-in and session answers', async () => {
    const small = await get('/api/health', 'gzip, br');
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();

    const auth = await get('/api/auth/probe-large', 'gzip, br');
    expect([auth.statusCode, auth.headers['content-encoding']]).toEqual([200, undefined]);
    expect(auth.body).toBe(LARGE);
  });
});
