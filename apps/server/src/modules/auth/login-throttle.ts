import type { FailurePolicy, RateLimiter } from '../../platform/ratelimit/limiter';
import type { Sessions } from './repository/sessions';

/**
 * Password guessing is slowed without handing strangers a way to lock the owner out:
 * - wrong passwords count per (account, address) with growing delays (5 free, then 1 minute
 *   doubling to an hour), so guesses from elsewhere never delay the owner;
 * - every address has a ceiling of attempts, whatever the account;
 * - a browser the account has signed in from before (its `maya_browser` cookie, remembered by its
 *   sessions) skips both: guesses from the owner's own network do not lock the owner out. Its
 *   own failures still count, against that browser alone.
 * Counters live in PostgreSQL, so they hold across API processes.
 */
export const LOGIN_FAILURE_POLICY: FailurePolicy = {
  free: 5,
  baseSeconds: 60,
  maxSeconds: 3600,
  forgetSeconds: 24 * 3600,
};
/** The address ceiling's window; its size is `SIGN_IN_LIMIT_PER_ADDRESS` (30 by default). */
const ADDRESS_WINDOW_SECONDS = 900;

export function createLoginThrottle(limiter: RateLimiter, sessions: Sessions, perAddress: number) {
  return {
    /** Checks the limits that apply to this attempt (429 when blocked) and returns its outcome hooks. */
    async begin(email: string, userId: string | null, context: { ip: string; browserHash: string | null }) {
      const known = userId !== null && (await sessions.isKnownBrowser(userId, context.browserHash));
      const key = known
        ? `login:fail:${email}:browser:${context.browserHash ?? ''}`
        : `login:fail:${email}:ip:${context.ip}`;
      if (!known) {
        await limiter.check([
          { key: `login:ip:${context.ip}`, max: perAddress, windowSeconds: ADDRESS_WINDOW_SECONDS },
        ]);
      }
      await limiter.assertNotBlocked([key]);
      return {
        /**
         * Counts the guess before the password is checked (429 while blocked): guesses sent at
         * once would otherwise all pass a check made before any of them had failed.
         */
        guessing: () => limiter.takeAttempt(key, LOGIN_FAILURE_POLICY),
        succeeded: () => limiter.clearFailures([key]),
      };
    },
  };
}
