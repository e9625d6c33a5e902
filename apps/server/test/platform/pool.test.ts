import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppPool } from '../../src/platform/db/pool';
import { createTestDatabase } from '../support/database';

const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;

afterEach(() => {
  vi.useRealTimers();
});

describe('the app pool', () => {
  it('keeps an idle connection for 5 minutes, then closes it (decision 152)', async () => {
    const { pool } = createAppPool(await createTestDatabase(), 2, silent);
    try {
      const backend = async () =>
        (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
      // Only the pool's idle timer is faked: the connection's I/O stays real.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const first = await backend();
      expect(pool.idleCount).toBe(1);

      // pg's default would have closed it after 10 s; a person reading a dashboard pauses longer.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(pool.idleCount).toBe(1);
      expect(await backend()).toBe(first);

      await vi.advanceTimersByTimeAsync(5 * 60_000);
      expect(pool.totalCount).toBe(0);
    } finally {
      vi.useRealTimers();
      await pool.end();
    }
  });
});
