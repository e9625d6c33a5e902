// Waiting for a provider's asynchronous job (Microsoft's report requests, Meta's insights report
// runs): ask, wait a growing delay with the context's sleep (injected in tests: no real waiting),
// ask again, up to a time limit.
import { ProviderError } from './errors';
import type { ConnectorContext } from './types';

/** Jobs over a few days are ready in seconds, a year of search terms in minutes. */
export const POLL_DELAYS_MS = [1_000, 2_000, 3_000, 5_000, 8_000, 13_000, 20_000, 30_000] as const;
export const POLL_LIMIT_MS = 30 * 60_000;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls `check` until it answers something other than undefined (the job's result), sleeping
 * POLL_DELAYS_MS between calls; after POLL_LIMIT_MS of waiting, an `unavailable` ProviderError
 * with `stillRunning` as its message.
 */
export async function pollUntil<T>(
  context: Pick<ConnectorContext, 'sleep'>,
  provider: string,
  stillRunning: string,
  check: () => Promise<T | undefined>,
): Promise<T> {
  const sleep = context.sleep ?? realSleep;
  let waited = 0;
  for (let attempt = 0; ; attempt++) {
    const result = await check();
    if (result !== undefined) return result;
    if (waited >= POLL_LIMIT_MS) throw new ProviderError('unavailable', stillRunning, 200, provider);
    const delay = POLL_DELAYS_MS[Math.min(attempt, POLL_DELAYS_MS.length - 1)] ?? POLL_DELAYS_MS[0];
    waited += delay;
    await sleep(delay);
  }
}
