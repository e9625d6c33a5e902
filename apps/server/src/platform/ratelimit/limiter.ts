import { isIP } from 'node:net';
import type { Database } from '../db/pool';
import { AppError } from '../errors';
import { createRateLimitStore, type FailurePolicy } from './repository';

export type { FailurePolicy };

export type Limit = { key: string; max: number; windowSeconds: number };

/**
 * The client address a limit counts. An IPv6 client is counted by its /64: a single host is
 * given a whole /64 (any VPS, most home lines) and may take a new address for every request, so
 * counting each address would give it 2^64 fresh allowances. IPv4 inside IPv6 counts as IPv4.
 */
export function limitedAddress(ip: string): string {
  const address = ip.split('%')[0]?.toLowerCase() ?? '';
  if (isIP(address) !== 6) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1] !== undefined) return mapped[1];
  const groups = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const [head = '', tail] = address.split('::');
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => '0');
  const all = [...left, ...zeros, ...right];
  return `${all
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

export type RateLimiter = {
  /** Counts one attempt against each limit; throws 429 rate_limited when one is exceeded. */
  check(limits: Limit[]): Promise<void>;
  /** Throws 429 rate_limited while one of the keys is blocked by earlier failures. */
  assertNotBlocked(keys: string[]): Promise<void>;
  /**
   * Takes one attempt of `key` under the policy, counted as a failure until `clearFailures` says
   * it succeeded; throws 429 rate_limited while the key is blocked. One statement: attempts sent
   * at once are counted one after another, so no more of them get through than the policy lets.
   */
  takeAttempt(key: string, policy: FailurePolicy): Promise<void>;
  clearFailures(keys: string[]): Promise<void>;
  /** Drops expired windows (called by a periodic job). */
  purge(): Promise<number>;
  /** Whether `key` has been counted within its window (a record of something done lately). */
  seen(key: string): Promise<boolean>;
};

function tooMany(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(429, 'rate_limited', {
    message: `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retry_after: retryAfterSeconds,
  });
}

export function createRateLimiter(db: Database): RateLimiter {
  const store = createRateLimitStore(db);
  return {
    async check(limits) {
      for (const limit of limits) {
        const counted = await store.count(limit.key, limit.windowSeconds);
        if (counted.count > limit.max) throw tooMany(counted.retryAfter);
      }
    },
    async assertNotBlocked(keys) {
      if (keys.length === 0) return;
      const retryAfter = await store.blockedFor(keys);
      if (retryAfter) throw tooMany(retryAfter);
    },
    async takeAttempt(key, policy) {
      if (await store.takeAttempt(key, policy)) return;
      throw tooMany(Math.max(1, (await store.blockedFor([key])) ?? 1));
    },
    clearFailures: (keys) => store.clear(keys),
    seen: (key) => store.seen(key),
    purge: () => store.purge(),
  };
}
