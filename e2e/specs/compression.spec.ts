import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, inject, test } from 'vitest';

/**
 * The built app sends its JavaScript and CSS compressed at build time (brotli or gzip, whichever
 * the browser accepts) and the same bytes, uncompressed, to a client that accepts neither.
 * `fetch` would decompress on its own: these requests use node:http's raw bytes instead.
 */
const baseUrl = inject('baseUrl');

async function raw(path: string, acceptEncoding: string | null) {
  const { request } = await import('node:http');
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const headers = acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding };
    request(`${baseUrl}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('compressed static files', () => {
  test('the entry script and stylesheet come as brotli or gzip, smaller, with Vary', async () => {
    const html = (await raw('/', null)).body.toString('utf8');
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      const plain = await raw(asset, null);
      expect([plain.status, plain.headers['content-encoding']]).toEqual([200, undefined]);
      const br = await raw(asset, 'gzip, deflate, br');
      expect([br.headers['content-encoding'], br.headers.vary]).toEqual(['br', 'accept-encoding']);
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      const gz = await raw(asset, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
      expect(br.body.length).toBeLessThan(gz.body.length);
      expect(gz.body.length).toBeLessThan(plain.body.length);
    }
  });
});
