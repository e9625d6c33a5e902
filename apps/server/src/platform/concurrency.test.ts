import { describe, expect, it } from 'vitest';
import { pool } from './concurrency';

describe('the PageSpeed job’s concurrency limit', () => {
  it('never has more than the limit in flight, and runs every item once in order of start', async () => {
    const started: number[] = [];
    const waiting: (() => void)[] = [];
    let inFlight = 0;
    let most = 0;
    const done = pool([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      started.push(item);
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => waiting.push(resolve));
      inFlight -= 1;
    });
    // Release one call at a time: each release lets exactly one more start.
    for (let released = 0; released < 7; released++) {
      await new Promise((resolve) => setImmediate(resolve));
      expect(inFlight).toBeLessThanOrEqual(3);
      waiting.shift()?.();
    }
    await done;
    expect(most).toBe(3);
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('does nothing for no items', async () => {
    let calls = 0;
    await pool([], 4, async () => void (calls += 1));
    expect(calls).toBe(0);
  });
});
