import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/pool';
import { AppError } from '../errors';
import { rateLimits } from './schema';

export type Limit = { key: string; max: number; windowSeconds: number };

export type RateLimiter = {
  /** Counts one attempt against each limit; throws 429 rate_limited when one is exceeded. */
  check(limits: Limit[]): Promise<void>;
  /** Drops expired windows (called by a periodic job). */
  purge(): Promise<number>;
};

export function createRateLimiter(db: Database): RateLimiter {
  return {
    async check(limits) {
      for (const limit of limits) {
        const result = await db.execute<{ count: number; retry_after: number }>(sql`
          INSERT INTO rate_limits (key, count, reset_at)
          VALUES (${limit.key}, 1, now() + make_interval(secs => ${limit.windowSeconds}))
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
            reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
          RETURNING count, ceil(extract(epoch FROM reset_at - now()))::int AS retry_after`);
        const row = result.rows[0];
        if (row && row.count > limit.max) {
          const minutes = Math.max(1, Math.ceil(row.retry_after / 60));
          throw new AppError(429, 'rate_limited', {
            message: `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
            retry_after: row.retry_after,
          });
        }
      }
    },
    async purge() {
      const deleted = await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
      return deleted.rowCount ?? 0;
    },
  };
}
