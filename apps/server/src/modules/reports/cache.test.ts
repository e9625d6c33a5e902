import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDuckDbWarehouse, type Warehouse } from '@maya/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheMiss, createReportCache, resultBytes, type ReportCacheLimits } from './cache';

const ORG = '6f1c2d3e-0000-4000-8000-000000000001';
const OTHER = '6f1c2d3e-0000-4000-8000-000000000002';
const opts = { timeoutMs: 10_000 };

let dir: string;
let duck: Warehouse;
let reached = 0;
/** The real engine, every statement that reaches it counted. */
let source: Warehouse;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'maya-report-cache-'));
  duck = await openDuckDbWarehouse({ file: path.join(dir, 'cache.duckdb') });
  source = {
    ...duck,
    query: (sql, params, o) => {
      reached += 1;
      return duck.query(sql, params, o);
    },
  };
});
afterAll(async () => {
  await duck.close();
  await rm(dir, { recursive: true, force: true });
});

function cacheWith(limits: Partial<ReportCacheLimits> = {}) {
  let time = 0;
  const cache = createReportCache(
    { maxEntries: 100, maxBytes: 1_000_000, maxAgeMs: 60_000, ...limits },
    () => time,
  );
  const read = (n: number, organizationId = ORG) =>
    cache
      .warehouse(source, 'duckdb', cache.scope(organizationId))
      .query('SELECT $1::INTEGER AS n', [n], opts);
  const cached = (n: number, organizationId = ORG) =>
    cache.warehouse(null, 'duckdb', cache.scope(organizationId)).query('SELECT $1::INTEGER AS n', [n], opts);
  return { cache, read, cached, advance: (ms: number) => (time += ms) };
}

describe('the report result cache', () => {
  it('answers a repeated statement from memory, per organization and bound values', async () => {
    const { read, cached, cache } = cacheWith();
    const before = reached;
    expect((await read(1)).rows).toEqual([{ n: 1 }]);
    expect((await read(1)).rows).toEqual([{ n: 1 }]);
    expect((await cached(1)).rows).toEqual([{ n: 1 }]);
    expect(reached - before).toBe(1);
    await expect(cached(2)).rejects.toBeInstanceOf(CacheMiss);
    await expect(cached(1, OTHER)).rejects.toBeInstanceOf(CacheMiss);
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 2, misses: 1 });
  });

  it("counts a result's bytes near its JSON's, without writing it", () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({
      channel: 'Google Ads',
      campaign: `hiking boots #${i}`,
      spend: 1234.56 + i,
      ctr: 0.0303052322 * (i + 1),
      clicks: i * 7,
      roas: null,
    }));
    const result = { columns: [{ name: 'spend', type: 'double' as const }], rows, truncated: false };
    const json = Buffer.byteLength(JSON.stringify(result));
    expect(resultBytes(result)).toBeGreaterThan(json * 0.8);
    expect(resultBytes(result)).toBeLessThan(json * 1.2);
  });

  it('shares one run between identical statements asked at once', async () => {
    const { read } = cacheWith();
    const before = reached;
    const answers = await Promise.all([read(7), read(7), read(7)]);
    expect(answers.map((a) => a.rows)).toEqual([[{ n: 7 }], [{ n: 7 }], [{ n: 7 }]]);
    expect(reached - before).toBe(1);
  });

  it('evicts the least recently used beyond its entries or bytes, and forgets old entries', async () => {
    const byEntries = cacheWith({ maxEntries: 2 });
    await byEntries.read(1);
    await byEntries.read(2);
    await byEntries.read(1); // 1 is now the most recent
    await byEntries.read(3);
    await expect(byEntries.cached(2)).rejects.toBeInstanceOf(CacheMiss);
    expect((await byEntries.cached(1)).rows).toEqual([{ n: 1 }]);
    expect(byEntries.cache.stats().entries).toBe(2);

    const size = resultBytes(await duck.query('SELECT 1::INTEGER AS n', [], opts));
    const byBytes = cacheWith({ maxBytes: size * 4 });
    for (const n of [1, 2, 3, 4, 5]) await byBytes.read(n);
    expect(byBytes.cache.stats().bytes).toBeLessThanOrEqual(size * 4);
    await expect(byBytes.cached(1)).rejects.toBeInstanceOf(CacheMiss);
    expect((await byBytes.cached(5)).rows).toEqual([{ n: 5 }]);
    const tooBig = cacheWith({ maxBytes: size * 3 });
    await tooBig.read(1);
    expect(tooBig.cache.stats().entries).toBe(0);

    const byAge = cacheWith({ maxAgeMs: 1_000 });
    await byAge.read(1);
    byAge.advance(1_001);
    await expect(byAge.cached(1)).rejects.toBeInstanceOf(CacheMiss);
  });

  it("retires an organization's entries of older versions, and what was running then", async () => {
    const { read, cached, cache } = cacheWith();
    await read(1);
    await read(1, OTHER);
    const scope = cache.scope(ORG);
    cache.advance(ORG, 1);
    await expect(cached(1)).rejects.toBeInstanceOf(CacheMiss);
    expect((await cached(1, OTHER)).rows).toEqual([{ n: 1 }]);
    // A query that began before the load ended may have read the old tables: it is not kept.
    await cache.warehouse(source, 'duckdb', scope).query('SELECT $1::INTEGER AS n', [9], opts);
    await expect(cached(9)).rejects.toBeInstanceOf(CacheMiss);
    expect(cache.stats().entries).toBe(1);
    // A version heard late (an older one) changes nothing; clearing forgets every organization.
    await read(2);
    cache.advance(ORG, 0);
    expect((await cached(2)).rows).toEqual([{ n: 2 }]);
    cache.clear();
    await expect(cached(2)).rejects.toBeInstanceOf(CacheMiss);
    await expect(cached(1, OTHER)).rejects.toBeInstanceOf(CacheMiss);
  });

  it('only reads, and shares frozen rows', async () => {
    const { cache, read } = cacheWith();
    expect(Object.isFrozen((await read(3)).rows[0])).toBe(true);
    const wh = cache.warehouse(source, 'duckdb', cache.scope(ORG));
    expect(() => wh.dropTable('analytics', 'x')).toThrow(/only read/);
  });

  it('remembers the tables seen, with their columns, until the next version or the age limit', () => {
    const { cache, advance } = cacheWith();
    const mp = 'analytics.marketing_performance';
    expect(cache.tableColumns(ORG, mp)).toBeNull();
    cache.rememberTable(ORG, mp, new Set(['date', 'channel_campaign']));
    cache.rememberTable(ORG, 'analytics.search_console', new Set(['date']));
    expect([...(cache.tableColumns(ORG, mp) ?? [])]).toEqual(['date', 'channel_campaign']);
    expect([...(cache.tableColumns(ORG, 'analytics.search_console') ?? [])]).toEqual(['date']);
    expect(cache.tableColumns('another-org', mp)).toBeNull();
    cache.advance(ORG, 1);
    expect(cache.tableColumns(ORG, mp)).toBeNull();
    expect(cache.tableColumns(ORG, 'analytics.search_console')).toBeNull();
    cache.rememberTable(ORG, mp, new Set(['date']));
    advance(60_001);
    expect(cache.tableColumns(ORG, mp)).toBeNull();
  });
});
