import { afterEach, describe, expect, it, vi } from 'vitest';
import { createExpiringMap } from './expiring-map';

afterEach(() => {
  vi.useRealTimers();
});

describe('expiring map', () => {
  it('forgets an entry at its expiry, by default its time to live after it was set', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const map = createExpiringMap<string>({ ttlMs: 100, maxEntries: 10 });
    map.set('a', 'first');
    map.set('b', 'second', Date.now() + 500);
    vi.advanceTimersByTime(99);
    expect([map.get('a'), map.get('b')]).toEqual(['first', 'second']);
    vi.advanceTimersByTime(1);
    expect([map.get('a'), map.get('b')]).toEqual([undefined, 'second']);
    vi.advanceTimersByTime(400);
    expect(map.get('b')).toBeUndefined();
  });

  it('drops the oldest entry when full, and forgets on delete', () => {
    const map = createExpiringMap<number>({ ttlMs: 60_000, maxEntries: 2 });
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 3); // set again: the newest
    map.set('c', 4);
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([3, undefined, 4]);
    map.delete('c');
    expect(map.get('c')).toBeUndefined();
  });
});
