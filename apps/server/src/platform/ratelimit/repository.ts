import { and, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/pool';
import { rateLimits } from './schema';

/**
 * Growing delays after failures of one key: the first `free` failures cost nothing, then each
 * blocks the key for `baseSeconds`, doubling per failure up to `maxSeconds`. The count is
 * forgotten `forgetSeconds` after the last failure, or at once by `clearFailures`.
 */
export type FailurePolicy = { free: number; baseSeconds: number; maxSeconds: number; forgetSeconds: number };

/** The counters of `rate_limits`: each change one statement, so concurrent attempts queue. */
export function createRateLimitStore(db: Database) {
  return {
    /** Counts one attempt in the key's window (a new window once the last ran out). */
    async count(key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }> {
      const result = await db.execute<{ count: number; retry_after: number }>(sql`
        INSERT INTO rate_limits (key, count, reset_at)
        VALUES (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
        RETURNING count, ceil(extract(epoch FROM reset_at - now()))::int AS retry_after`);
      const row = result.rows[0];
      return { count: row?.count ?? 0, retryAfter: row?.retry_after ?? 0 };
    },

    /** Seconds until the last of `keys` that is blocked is free again; null when none is. */
    async blockedFor(keys: string[]): Promise<number | null> {
      const [row] = await db
        .select({
          retryAfter: sql<number>`max(ceil(extract(epoch FROM ${rateLimits.blockedUntil} - now())))::int`,
        })
        .from(rateLimits)
        .where(and(inArray(rateLimits.key, keys), gt(rateLimits.blockedUntil, sql`now()`)));
      return row?.retryAfter ?? null;
    },

    /** Counts a failure-until-cleared attempt unless the key is blocked; whether it was taken. */
    async takeAttempt(
      key: string,
      { free, baseSeconds, maxSeconds, forgetSeconds }: FailurePolicy,
    ): Promise<boolean> {
      // The count after this attempt; from the `free`-th on, each blocks the key for longer.
      const counted = sql`CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END`;
      const blockAfter = (count: SQL) =>
        sql`CASE WHEN ${count} >= ${free} THEN now() + make_interval(secs => least(${maxSeconds}::float8, ${baseSeconds}::float8 * power(2, least(${count} - ${free}, 30)))) END`;
      const taken = await db.execute<{ count: number }>(sql`
        INSERT INTO rate_limits (key, count, reset_at, blocked_until)
        VALUES (${key}, 1, now() + make_interval(secs => ${forgetSeconds}), ${blockAfter(sql`1`)})
        ON CONFLICT (key) DO UPDATE SET
          count = ${counted},
          reset_at = EXCLUDED.reset_at,
          blocked_until = ${blockAfter(counted)}
        WHERE rate_limits.blocked_until IS NULL OR rate_limits.blocked_until <= now()
        RETURNING count`);
      return taken.rows.length > 0;
    },

    async clear(keys: string[]): Promise<void> {
      if (keys.length > 0) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
    },

    async seen(key: string): Promise<boolean> {
      const [row] = await db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)));
      return row !== undefined;
    },

    async purge(): Promise<number> {
      const deleted = await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
      return deleted.rowCount ?? 0;
    },
  };
}
