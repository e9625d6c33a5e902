// The engine's memory and threads per open file: DUCKDB_DEFAULTS (the engine's memory, at most
// four threads) unless the caller says, and DuckDB's own when the caller passes null.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUCKDB_DEFAULTS, openDuckDbWarehouse } from './duckdb-warehouse';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'maya-duckdb-settings-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function settings(file: string, options: { memoryLimit?: string | null; threads?: number | null }) {
  const warehouse = await openDuckDbWarehouse({ file: path.join(folder, file), ...options });
  try {
    const { rows } = await warehouse.query(
      `SELECT current_setting('memory_limit') AS memory, current_setting('threads') AS threads`,
      [],
      { timeoutMs: 10_000 },
    );
    return rows[0] as { memory: string; threads: number };
  } finally {
    await warehouse.close();
  }
}

describe('DuckDB settings', () => {
  it('keeps the engine’s memory and at most four threads by default', async () => {
    const found = await settings('defaults.duckdb', {});
    const engine = await settings('engine-memory.duckdb', { memoryLimit: null });
    expect(DUCKDB_DEFAULTS.memoryLimit).toBeNull();
    expect(found.memory).toBe(engine.memory);
    expect(Number(found.threads)).toBe(DUCKDB_DEFAULTS.threads);
    expect(DUCKDB_DEFAULTS.threads).toBeGreaterThanOrEqual(1);
    expect(DUCKDB_DEFAULTS.threads).toBeLessThanOrEqual(4);
  });

  it('takes the caller’s limits, and the engine’s own for null', async () => {
    const given = await settings('given.duckdb', { memoryLimit: '64MB', threads: 1 });
    expect(given.memory).toBe('61.0 MiB');
    expect(Number(given.threads)).toBe(1);
    const engine = await settings('engine.duckdb', { memoryLimit: null, threads: null });
    expect(engine.memory).not.toBe(given.memory);
  });
});
