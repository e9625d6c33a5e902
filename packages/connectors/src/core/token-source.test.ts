import { describe, expect, it } from 'vitest';
import { cachedTokenSource } from './token-source';

function source(
  options: { initial?: { value: string; expiresAt: number | null }; failFirst?: boolean } = {},
) {
  let clock = 1_000_000;
  let fetched = 0;
  const tokens = cachedTokenSource({
    initial: options.initial ?? null,
    marginMs: 60_000,
    now: () => clock,
    fetchToken: async () => {
      fetched++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (options.failFirst && fetched === 1) throw new Error('refused');
      return { value: `t${fetched}`, expiresAt: clock + 3_600_000 };
    },
  });
  return { tokens, fetched: () => fetched, advance: (ms: number) => (clock += ms) };
}

describe('cachedTokenSource', () => {
  it('fetches once for any number of concurrent requests, then serves the cached token', async () => {
    const { tokens, fetched } = source();
    const all = await Promise.all([tokens.authorization(), tokens.authorization(), tokens.authorization()]);
    expect(all).toEqual(['Bearer t1', 'Bearer t1', 'Bearer t1']);
    expect(await tokens.authorization()).toBe('Bearer t1');
    expect(fetched()).toBe(1);
  });

  it('renews a margin before expiry, and when asked to (after a 401)', async () => {
    const { tokens, fetched, advance } = source({
      initial: { value: 'held', expiresAt: 1_000_000 + 120_000 },
    });
    expect(await tokens.authorization()).toBe('Bearer held');
    advance(61_000);
    expect(await tokens.authorization()).toBe('Bearer t1');
    await tokens.refresh();
    expect(await tokens.authorization()).toBe('Bearer t2');
    expect(fetched()).toBe(2);
  });

  it('keeps a token without an expiry until refreshed, and tries again after a failed fetch', async () => {
    const held = source({ initial: { value: 'forever', expiresAt: null } });
    held.advance(10 * 365 * 86_400_000);
    expect(await held.tokens.authorization()).toBe('Bearer forever');
    const failing = source({ failFirst: true });
    await expect(failing.tokens.authorization()).rejects.toThrow('refused');
    expect(await failing.tokens.authorization()).toBe('Bearer t2');
  });
});
